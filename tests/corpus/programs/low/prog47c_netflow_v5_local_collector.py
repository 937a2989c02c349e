#!/usr/bin/env python3
"""Tiny NetFlow v5 collector for a lab router that exports over loopback/SSH tunnel.

Flows are stored in ./flows.sqlite3 so they can be queried afterwards.
"""
import argparse
import configparser
import logging
import socketserver
import sqlite3
import struct
import threading
from ipaddress import IPv4Address

LOG = logging.getLogger("nfv5")

HEADER = struct.Struct("!HHIIIIBBH")      # 24 bytes
RECORD = struct.Struct("!IIIHHIIIIHHxBBBHHBBxx")  # 48 bytes

SCHEMA = """
CREATE TABLE IF NOT EXISTS flows (
    exporter TEXT, src TEXT, dst TEXT, sport INTEGER, dport INTEGER,
    proto INTEGER, packets INTEGER, octets INTEGER, tcp_flags INTEGER,
    first_ms INTEGER, last_ms INTEGER
)
"""


class FlowStore:
    def __init__(self, path):
        self._db = sqlite3.connect(path, check_same_thread=False)
        self._db.execute(SCHEMA)
        self._lock = threading.Lock()

    def add_many(self, rows):
        with self._lock, self._db:
            self._db.executemany(
                "INSERT INTO flows VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows)

    def close(self):
        self._db.close()


def decode(datagram, exporter):
    if len(datagram) < HEADER.size:
        raise ValueError("short datagram")
    version, count, *_ = HEADER.unpack_from(datagram)
    if version != 5:
        raise ValueError("not NetFlow v5 (version %d)" % version)
    rows = []
    for i in range(count):
        off = HEADER.size + i * RECORD.size
        if off + RECORD.size > len(datagram):
            break
        (src, dst, _nh, _inif, _outif, pkts, octets, first, last,
         sport, dport, flags, proto, _tos, _sas, _das, _sm, _dm) = RECORD.unpack_from(datagram, off)
        rows.append((exporter, str(IPv4Address(src)), str(IPv4Address(dst)),
                     sport, dport, proto, pkts, octets, flags, first, last))
    return rows


class Handler(socketserver.BaseRequestHandler):
    def handle(self):
        data, _sock = self.request
        exporter = self.client_address[0]
        try:
            rows = decode(data, exporter)
        except ValueError as exc:
            LOG.debug("dropping packet from %s: %s", exporter, exc)
            return
        self.server.store.add_many(rows)
        LOG.info("%s: stored %d flows", exporter, len(rows))


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"collector": {"listen": "127.0.0.1", "port": "2055",
                                 "database": "flows.sqlite3"}})
    cfg.read(path)
    return cfg["collector"]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="collector.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    section = load_config(args.config)
    listen = section.get("listen")
    if listen not in ("127.0.0.1", "::1", "localhost"):
        LOG.warning("refusing non-loopback listen address %r; using 127.0.0.1", listen)
        listen = "127.0.0.1"
    store = FlowStore(section.get("database"))
    server = socketserver.ThreadingUDPServer((listen, section.getint("port")), Handler)
    server.store = store
    LOG.info("collecting NetFlow v5 on %s:%s", *server.server_address)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        server.server_close()
        store.close()


if __name__ == "__main__":
    main()
