#!/usr/bin/env python3
"""Avalanche-path sensor listener.

The infrasound and geophone stations along the access road broadcast
readings as small JSON datagrams on the patrol VLAN multicast group. During
a control mission every station fires at 50 Hz, so the listener asks for a
large receive buffer to avoid losing the burst that matters. Readings are
stored in ./avy_events.sqlite for the forecaster dashboard.
"""

import argparse
import asyncio
import json
import logging
import socket
import sqlite3
import struct
import sys
import time

LOG = logging.getLogger("avy-listener")

GROUP = "239.192.41.7"
PORT = 47017
RCVBUF = 8 * 1024 * 1024


def open_socket(group, port, iface_ip, rcvbuf):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    granted = s.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
    if granted < rcvbuf:
        LOG.warning("kernel granted %d of %d bytes receive buffer", granted, rcvbuf)
    s.bind(("0.0.0.0", port))
    mreq = struct.pack("4s4s", socket.inet_aton(group), socket.inet_aton(iface_ip))
    s.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, mreq)
    s.setblocking(False)
    return s


class Store:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.execute("""CREATE TABLE IF NOT EXISTS readings (
            station TEXT, kind TEXT, ts REAL, value REAL, received REAL)""")
        self.pending = []

    def add(self, station, kind, ts, value):
        self.pending.append((station, kind, ts, value, time.time()))
        if len(self.pending) >= 200:
            self.flush()

    def flush(self):
        if self.pending:
            self.db.executemany("INSERT INTO readings VALUES (?, ?, ?, ?, ?)", self.pending)
            self.db.commit()
            self.pending.clear()


class SensorProtocol(asyncio.DatagramProtocol):
    def __init__(self, store):
        self.store = store
        self.count = 0

    def datagram_received(self, data, addr):
        try:
            msg = json.loads(data)
            self.store.add(msg["station"], msg["kind"], float(msg["ts"]), float(msg["value"]))
            self.count += 1
        except (ValueError, KeyError, TypeError):
            LOG.debug("dropped malformed datagram from %s", addr[0])


async def run(args):
    sock = open_socket(args.group, args.port, args.iface, args.rcvbuf)
    store = Store(args.db)
    loop = asyncio.get_running_loop()
    transport, proto = await loop.create_datagram_endpoint(lambda: SensorProtocol(store), sock=sock)
    LOG.info("listening on %s:%d", args.group, args.port)
    try:
        while True:
            await asyncio.sleep(args.flush)
            store.flush()
            LOG.debug("%d readings so far", proto.count)
    finally:
        store.flush()
        transport.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--group", default=GROUP)
    ap.add_argument("--port", type=int, default=PORT)
    ap.add_argument("--iface", default="0.0.0.0", help="local address of the patrol VLAN")
    ap.add_argument("--rcvbuf", type=int, default=RCVBUF)
    ap.add_argument("--db", default="avy_events.sqlite")
    ap.add_argument("--flush", type=float, default=2.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        asyncio.run(run(args))
    except KeyboardInterrupt:
        LOG.info("stopped")
    except OSError as exc:
        LOG.error("socket error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
