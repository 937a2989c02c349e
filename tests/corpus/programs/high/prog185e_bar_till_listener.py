#!/usr/bin/env python3
"""Bar till receipt listener.

The bar till can only 'print' to a raw LPD-style port, so this little
listener sits on the clubhouse PC, accepts each receipt and appends it to
the daily takings file the treasurer reconciles on Monday. It starts as root
to claim the low port and then switches to the unprivileged till account.
"""
import argparse
import grp
import logging
import os
import pwd
import socket
from datetime import date, datetime
from pathlib import Path

LOG = logging.getLogger("lhcc.till")

DEFAULTS = {
    "bind": os.environ.get("LHCC_TILL_BIND", "192.0.2.10"),
    "port": int(os.environ.get("LHCC_TILL_PORT", "515")),
    "user": os.environ.get("LHCC_TILL_USER", "lhcc-till"),
    "spool": os.environ.get("LHCC_TILL_SPOOL", "/srv/lhcc/till"),
}


class Identity:
    def __init__(self, username):
        pw = pwd.getpwnam(username)
        self.uid = pw.pw_uid
        self.gid = pw.pw_gid
        self.home = pw.pw_dir
        self.groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]

    def assume(self):
        """Switch the whole process to this identity."""
        if os.getuid() != 0:
            LOG.info("not root, keeping current identity")
            return
        os.setgroups(self.groups)
        os.setgid(self.gid)
        os.setuid(self.uid)
        os.umask(0o027)
        LOG.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def takings_file(spool):
    path = Path(spool) / ("takings-%s.txt" % date.today().isoformat())
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def handle(conn, spool):
    chunks = []
    conn.settimeout(10)
    while True:
        data = conn.recv(8192)
        if not data:
            break
        chunks.append(data)
    receipt = b"".join(chunks).decode("cp437", errors="replace").strip()
    if not receipt:
        return
    with open(takings_file(spool), "a", encoding="utf-8") as fh:
        fh.write("=== %s ===\n%s\n\n" % (datetime.now().isoformat(timespec="seconds"), receipt))
    LOG.info("stored receipt (%d chars)", len(receipt))


def main():
    ap = argparse.ArgumentParser(description="bar till receipt listener")
    ap.add_argument("--bind", default=DEFAULTS["bind"])
    ap.add_argument("--port", type=int, default=DEFAULTS["port"])
    ap.add_argument("--user", default=DEFAULTS["user"])
    ap.add_argument("--spool", default=DEFAULTS["spool"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    who = Identity(args.user)
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((args.bind, args.port))
    srv.listen(4)
    LOG.info("listening on %s:%d", args.bind, args.port)
    who.assume()

    while True:
        conn, peer = srv.accept()
        with conn:
            try:
                handle(conn, args.spool)
            except (OSError, UnicodeError) as exc:
                LOG.warning("receipt from %s dropped: %s", peer[0], exc)


if __name__ == "__main__":
    main()
