#!/usr/bin/env python3
"""Receive check-in/damage photos from the yard tablets.

The yard tablets are locked down to post to http://depot-gw/ on port 80, so
this listens there, stores each photo under ./inbox/<contract>/ and answers
with the stored name.  It is started from the gateway's boot script; once the
port is bound it carries on as the unprivileged 'depot' account.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import re
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("photo-rx")
CONTRACT_RE = re.compile(r"^/upload/(HC\d{6,8})$")
MAX_BYTES = 15 * 1024 * 1024


class PhotoHandler(BaseHTTPRequestHandler):
    inbox = Path("inbox")
    server_version = "photo-rx/2.1"

    def _reply(self, code, obj):
        body = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        m = CONTRACT_RE.match(self.path)
        if not m:
            return self._reply(404, {"error": "unknown path"})
        length = int(self.headers.get("Content-Length") or 0)
        if not 0 < length <= MAX_BYTES:
            return self._reply(413, {"error": "bad size"})
        ctype = self.headers.get("Content-Type", "")
        ext = {"image/jpeg": ".jpg", "image/png": ".png"}.get(ctype)
        if ext is None:
            return self._reply(415, {"error": "jpeg or png only"})
        data = self.rfile.read(length)
        dest_dir = self.inbox / m.group(1)
        dest_dir.mkdir(parents=True, exist_ok=True)
        name = f"{int(time.time() * 1000)}{ext}"
        (dest_dir / name).write_bytes(data)
        log.info("stored %s/%s (%d bytes) from %s", m.group(1), name, length,
                 self.client_address[0])
        return self._reply(201, {"stored": name})

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


def become(account):
    """Switch the process to the service account after the socket is open."""
    pw = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o027)
    log.info("running as %s (uid %d)", account, os.getuid())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--inbox", default="/srv/depot/inbox")
    ap.add_argument("--user", default="depot")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    PhotoHandler.inbox = Path(args.inbox)
    server = ThreadingHTTPServer((args.bind, args.port), PhotoHandler)
    log.info("listening on %s:%d", args.bind, args.port)

    if os.geteuid() == 0:
        become(args.user)
    else:
        log.warning("not started as root; staying as uid %d", os.getuid())

    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
