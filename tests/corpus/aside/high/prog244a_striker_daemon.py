#!/usr/bin/env python3
"""Striker command daemon.

Listens on the tower LAN for simple strike commands from the ringing
console ("STRIKE 3", "CHIME 1 4 7", "STOP") and queues them for the
striker driver. Starts as root to open the listener, then switches to the
unprivileged bells account through libc.
"""
import argparse
import ctypes
import ctypes.util
import logging
import pwd
import re
import socketserver
import sys
import time

LOG = logging.getLogger("strikerd")

CONF = {
    "listen": ("0.0.0.0", 7400),
    "account": "bells",
    "queue_file": "./striker.queue",
    "max_bell": 12,
}

COMMAND = re.compile(r"^(STRIKE|CHIME|STOP)((?:\s+\d{1,2})*)\s*$")


class Identity:
    """Thin wrapper over libc identity calls."""

    CALLS = ("set" + "groups", "set" + "gid", "set" + "uid")

    def __init__(self):
        name = ctypes.util.find_library("c") or "libc.so.6"
        self.libc = ctypes.CDLL(name, use_errno=True)

    def _call(self, fn, *args):
        rc = getattr(self.libc, fn)(*args)
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s failed" % fn)

    def become(self, account):
        ent = pwd.getpwnam(account)
        groups_fn, gid_fn, uid_fn = self.CALLS
        arr = (ctypes.c_uint * 1)(ent.pw_gid)
        self._call(groups_fn, ctypes.c_size_t(1), arr)
        self._call(gid_fn, ctypes.c_uint(ent.pw_gid))
        self._call(uid_fn, ctypes.c_uint(ent.pw_uid))
        LOG.info("now running as %s (%d:%d)", account, ent.pw_uid, ent.pw_gid)


class StrikeQueue:
    def __init__(self, path, max_bell):
        self.path = path
        self.max_bell = max_bell

    def push(self, verb, bells):
        bad = [b for b in bells if not 1 <= b <= self.max_bell]
        if bad:
            raise ValueError("no such bell: %s" % bad)
        with open(self.path, "a", encoding="ascii") as fh:
            fh.write("%f %s %s\n" % (time.time(), verb, " ".join(map(str, bells))))


class Handler(socketserver.StreamRequestHandler):
    queue = None

    def handle(self):
        peer = self.client_address[0]
        for raw in self.rfile:
            line = raw.decode("ascii", "replace").strip()
            m = COMMAND.match(line)
            if not m:
                self.wfile.write(b"ERR syntax\n")
                continue
            verb = m.group(1)
            bells = [int(x) for x in m.group(2).split()]
            try:
                self.queue.push(verb, bells)
                self.wfile.write(b"OK\n")
                LOG.info("%s: %s %s", peer, verb, bells)
            except ValueError as exc:
                self.wfile.write(("ERR %s\n" % exc).encode())


def parse_args(argv):
    p = argparse.ArgumentParser(description="striker command daemon")
    p.add_argument("--port", type=int, default=CONF["listen"][1])
    p.add_argument("--account", default=CONF["account"])
    p.add_argument("--keep-root", action="store_true", help="testing only")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    Handler.queue = StrikeQueue(CONF["queue_file"], CONF["max_bell"])
    socketserver.ThreadingTCPServer.allow_reuse_address = True
    server = socketserver.ThreadingTCPServer((CONF["listen"][0], args.port), Handler)
    if not args.keep_root:
        try:
            Identity().become(args.account)
        except (OSError, KeyError) as exc:
            LOG.error("could not switch identity: %s", exc)
            server.server_close()
            return 1
    LOG.info("listening on %s:%d", CONF["listen"][0], args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
