#!/usr/bin/env python3
"""Small line-protocol service for the shed's tally counter boxes.

Each counter box sends "STAND <n> <count>" lines; the service keeps the
running totals and answers "TOTALS". Started as root by the shed laptop's
boot script so it can take the low port the counter firmware expects, then
switches to the crew account.
"""
import argparse
import grp
import logging
import os
import pwd
import socketserver
import threading
from collections import defaultdict

log = logging.getLogger("counter")

TOTALS = defaultdict(int)
LOCK = threading.Lock()


def _stand(parts):
    stand, count = int(parts[1]), int(parts[2])
    with LOCK:
        TOTALS[stand] += count
    return f"OK {stand} {TOTALS[stand]}"


def _totals(_parts):
    with LOCK:
        items = sorted(TOTALS.items())
    return " ".join(f"{s}:{c}" for s, c in items) or "EMPTY"


def _reset(_parts):
    with LOCK:
        TOTALS.clear()
    return "OK"


COMMANDS = {"STAND": _stand, "TOTALS": _totals, "RESET": _reset}


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        for raw in self.rfile:
            parts = raw.decode(errors="replace").split()
            if not parts:
                continue
            fn = COMMANDS.get(parts[0].upper())
            try:
                reply = fn(parts) if fn else "ERR unknown"
            except (IndexError, ValueError):
                reply = "ERR bad args"
            self.wfile.write((reply + "\n").encode())


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    allow_reuse_address = True
    daemon_threads = True


def switch_account(user, group):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    steps = [("setgroups", [gid]), ("setgid", gid), ("setuid", pw.pw_uid)]
    for name, arg in steps:
        getattr(os, name)(arg)
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=515)
    ap.add_argument("--user", default="crew")
    ap.add_argument("--group", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        srv = Server((args.host, args.port), Handler)
    except PermissionError:
        log.error("cannot bind port %d, start as root", args.port)
        return 1
    if os.geteuid() == 0:
        try:
            switch_account(args.user, args.group)
        except (KeyError, PermissionError) as exc:
            log.error("account switch failed: %s", exc)
            return 1
    log.info("listening on %s:%d", args.host, args.port)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
