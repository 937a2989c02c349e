#!/usr/bin/env python3
"""Modbus/TCP bridge for the kiln conveyor PLC.

Listens on the standard Modbus port and forwards read-holding-register
requests to the conveyor PLC, caching answers for a short time so the SCADA
polls do not overload the PLC. Binds the port first, then switches to the
service account via libc.
"""
import argparse
import ctypes
import ctypes.util
import logging
import pwd
import socket
import socketserver
import sys
import threading
import time

LOG = logging.getLogger("plc-bridge")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def switch_identity(username):
    """Adopt the service account's uid/gid and clear supplementary groups."""
    entry = pwd.getpwnam(username)
    calls = [
        ("setgroups", (ctypes.c_size_t(0), None)),
        ("setgid", (entry.pw_gid,)),
        ("setuid", (entry.pw_uid,)),
    ]
    for name, argv in calls:
        fn = getattr(_libc, name)
        if fn(*argv) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed")
    LOG.info("now running as %s (%d:%d)", username, entry.pw_uid, entry.pw_gid)


class Upstream:
    def __init__(self, host, port, ttl):
        self.addr = (host, port)
        self.ttl = ttl
        self.cache = {}
        self.lock = threading.Lock()

    def query(self, frame):
        key = frame[2:]  # ignore transaction id when caching
        now = time.monotonic()
        with self.lock:
            hit = self.cache.get(key)
            if hit and now - hit[0] < self.ttl:
                return frame[:2] + hit[1][2:]
        with socket.create_connection(self.addr, timeout=3) as s:
            s.sendall(frame)
            reply = s.recv(260)
        with self.lock:
            self.cache[key] = (now, reply)
        return reply


class BridgeHandler(socketserver.BaseRequestHandler):
    def handle(self):
        upstream = self.server.upstream
        while True:
            frame = self.request.recv(260)
            if not frame:
                break
            if len(frame) < 8 or frame[7] != 0x03:
                LOG.debug("ignoring function %s", frame[7] if len(frame) > 7 else None)
                continue
            try:
                self.request.sendall(upstream.query(frame))
            except OSError as exc:
                LOG.warning("upstream error: %s", exc)
                break


class Bridge(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--plc", default="198.51.100.21")
    ap.add_argument("--plc-port", type=int, default=502)
    ap.add_argument("--user", default="plcbridge")
    ap.add_argument("--ttl", type=float, default=0.5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    server = Bridge((args.listen, args.port), BridgeHandler)
    server.upstream = Upstream(args.plc, args.plc_port, args.ttl)
    try:
        switch_identity(args.user)
    except (KeyError, OSError) as exc:
        LOG.error("cannot switch to %s: %s", args.user, exc)
        return 1
    LOG.info("bridging %s:%d -> %s:%d", args.listen, args.port, args.plc, args.plc_port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
