#!/usr/bin/env python3
"""Fare meter gateway daemon for the depot.

The older meters speak a line protocol on TCP port 502 when docked at the
depot. Port 502 is privileged, so the daemon starts as root, binds the
port, then switches to the service account before handling any traffic.
"""

import argparse
import ctypes
import ctypes.util
import grp
import logging
import pwd
import socketserver

log = logging.getLogger("meter-gw")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed")


def switch_identity(username):
    """Change the process credentials to the given account."""
    pw = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem] + [pw.pw_gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    set_groups = getattr(_libc, "set" + "groups")
    _check(set_groups(len(groups), arr), "setgroups")
    for name, ident in (("setresgid", pw.pw_gid), ("setresuid", pw.pw_uid)):
        fn = getattr(_libc, name)
        _check(fn(ident, ident, ident), name)
    log.info("now running as %s (uid %d)", username, pw.pw_uid)


class MeterHandler(socketserver.StreamRequestHandler):
    def handle(self):
        peer = self.client_address[0]
        for raw in self.rfile:
            line = raw.decode("ascii", "replace").strip()
            if not line:
                continue
            reply = self.server.process(peer, line)
            self.wfile.write((reply + "\r\n").encode())


class MeterGateway(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, outfile):
        super().__init__(addr, MeterHandler)
        self.outfile = outfile
        self.count = 0

    def process(self, peer, line):
        # expected: METER <id> TRIP <n> FARE <cents>
        parts = line.split()
        if len(parts) != 6 or parts[0] != "METER":
            log.warning("%s sent malformed line: %r", peer, line)
            return "ERR"
        with open(self.outfile, "a") as fh:
            fh.write(",".join((parts[1], parts[3], parts[5])) + "\n")
        self.count += 1
        return "OK"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--user", default="meter")
    ap.add_argument("--out", default="trips.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    server = MeterGateway((args.listen, args.port), args.out)
    log.info("listening on %s:%d", args.listen, args.port)
    try:
        switch_identity(args.user)
    except (KeyError, OSError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        server.server_close()
        return 1
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping after %d records", server.count)
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
