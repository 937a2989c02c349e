#!/usr/bin/env python3
"""Read-only Modbus/TCP gateway between the owner's SCADA and the turbine PLCs.

The asset owner's SCADA polls turbine data through this gateway instead of
talking to the PLCs directly.  Only read function codes (1-4) are relayed;
write requests are answered with exception 01 (illegal function) and
logged.  Unit IDs are mapped to turbine PLC addresses from gateway.json:

    {"listen": "0.0.0.0", "port": 502, "run_as": "modbusgw",
     "units": {"1": "10.20.1.11", "2": "10.20.1.12"}}

Port 502 is privileged, so the daemon is started as root and switches to
the service account once the listening socket is open.
"""

import argparse
import json
import logging
import os
import pwd
import socket
import socketserver
import struct
import sys
import threading

log = logging.getLogger("modbus_gw")

READ_FUNCTIONS = {1, 2, 3, 4}
MBAP = struct.Struct(">HHHB")  # transaction id, protocol id, length, unit id


class UpstreamPool:
    """One persistent connection per PLC, guarded by a lock per unit."""

    def __init__(self, units, timeout=3.0):
        self.units = {int(k): v for k, v in units.items()}
        self.timeout = timeout
        self.conns = {}
        self.locks = {u: threading.Lock() for u in self.units}

    def _conn(self, unit):
        sock = self.conns.get(unit)
        if sock is None:
            sock = socket.create_connection((self.units[unit], 502), timeout=self.timeout)
            self.conns[unit] = sock
        return sock

    def exchange(self, unit, frame):
        with self.locks[unit]:
            for attempt in (1, 2):
                try:
                    sock = self._conn(unit)
                    sock.sendall(frame)
                    header = _recv_exact(sock, MBAP.size)
                    _, _, length, _ = MBAP.unpack(header)
                    return header + _recv_exact(sock, length - 1)
                except OSError:
                    old = self.conns.pop(unit, None)
                    if old:
                        old.close()
                    if attempt == 2:
                        raise


def _recv_exact(sock, n):
    buf = b""
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise ConnectionError("peer closed")
        buf += chunk
    return buf


def exception_reply(tid, unit, function, code):
    pdu = struct.pack(">BB", function | 0x80, code)
    return MBAP.pack(tid, 0, len(pdu) + 1, unit) + pdu


class GatewayHandler(socketserver.BaseRequestHandler):
    def handle(self):
        peer = "%s:%d" % self.client_address
        pool = self.server.pool
        while True:
            try:
                header = _recv_exact(self.request, MBAP.size)
            except (ConnectionError, OSError):
                return
            tid, proto, length, unit = MBAP.unpack(header)
            pdu = _recv_exact(self.request, length - 1)
            function = pdu[0]
            if proto != 0 or unit not in pool.units:
                self.request.sendall(exception_reply(tid, unit, function, 0x0B))
                continue
            if function not in READ_FUNCTIONS:
                log.warning("%s: refused write fc=%d unit=%d", peer, function, unit)
                self.request.sendall(exception_reply(tid, unit, function, 0x01))
                continue
            try:
                self.request.sendall(pool.exchange(unit, header + pdu))
            except OSError as exc:
                log.error("unit %d unreachable: %s", unit, exc)
                self.request.sendall(exception_reply(tid, unit, function, 0x0B))


class GatewayServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def switch_account(name):
    if os.getuid() != 0:
        log.info("not running as root, keeping uid %d", os.getuid())
        return
    entry = pwd.getpwnam(name)
    os.setgroups([])
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.umask(0o077)
    log.info("now running as %s (uid %d)", name, entry.pw_uid)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="gateway.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        with open(args.config) as fh:
            cfg = json.load(fh)
    except (OSError, ValueError) as exc:
        log.error("config: %s", exc)
        return 2

    server = GatewayServer((cfg.get("listen", "0.0.0.0"), int(cfg.get("port", 502))), GatewayHandler)
    server.pool = UpstreamPool(cfg["units"])
    try:
        switch_account(cfg.get("run_as", "modbusgw"))
    except (KeyError, PermissionError) as exc:
        log.error("cannot switch account: %s", exc)
        server.server_close()
        return 1
    log.info("gateway listening on %s:%d for %d units", *server.server_address, len(server.pool.units))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
