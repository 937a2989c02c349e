#!/usr/bin/env python3
"""SECS event collector.

Listens for forwarded SECS/GEM event reports on the privileged collector
port, then switches to the unprivileged service account before handling
any traffic. Events are appended to a JSON-lines file in the working
directory for the FDC pipeline to pick up.
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
import sys
import time

LOG = logging.getLogger("secs-collector")

SETTINGS = {
    "listen": ("192.0.2.10", 545),
    "account": "eqpsvc",
    "outfile": "secs_events.jsonl",
    "max_events": 0,
}


class Identity:
    """Switches process credentials through libc."""

    def __init__(self, account):
        pw = pwd.getpwnam(account)
        self.uid = pw.pw_uid
        self.gid = pw.pw_gid
        self.groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
        self._libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, fn, *ids):
        func = getattr(self._libc, fn)
        if func(*[ctypes.c_uint(i) for i in ids]) != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s failed: %s" % (fn, os.strerror(err)))

    def assume(self):
        os.setgroups(self.groups)
        self._call("setres" + "gid", self.gid, self.gid, self.gid)
        self._call("setres" + "uid", self.uid, self.uid, self.uid)
        LOG.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


class Collector:
    def __init__(self, sock, outfile, limit):
        self.sock = sock
        self.outfile = outfile
        self.limit = limit
        self.count = 0

    def handle(self, conn, peer):
        buf = b""
        with conn:
            conn.settimeout(30)
            while True:
                chunk = conn.recv(4096)
                if not chunk:
                    break
                buf += chunk
                while b"\n" in buf:
                    line, buf = buf.split(b"\n", 1)
                    self.record(peer, line)

    def record(self, peer, line):
        try:
            evt = json.loads(line)
        except ValueError:
            LOG.warning("malformed event from %s", peer[0])
            return
        evt["_rx"] = time.time()
        evt["_peer"] = peer[0]
        with open(self.outfile, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(evt) + "\n")
        self.count += 1

    def serve(self):
        while not self.limit or self.count < self.limit:
            conn, peer = self.sock.accept()
            try:
                self.handle(conn, peer)
            except (OSError, socket.timeout) as exc:
                LOG.warning("connection from %s dropped: %s", peer[0], exc)


def main():
    ap = argparse.ArgumentParser(description="SECS event collector")
    ap.add_argument("--host", default=SETTINGS["listen"][0])
    ap.add_argument("--port", type=int, default=SETTINGS["listen"][1])
    ap.add_argument("--account", default=SETTINGS["account"])
    ap.add_argument("--max-events", type=int, default=SETTINGS["max_events"])
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    outfile = os.path.abspath(SETTINGS["outfile"])

    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((args.host, args.port))
    srv.listen(16)
    LOG.info("listening on %s:%d", args.host, args.port)

    try:
        Identity(args.account).assume()
    except (KeyError, OSError) as exc:
        LOG.error("cannot switch to %s: %s", args.account, exc)
        srv.close()
        return 2

    try:
        Collector(srv, outfile, args.max_events).serve()
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        srv.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
