#!/usr/bin/env python3
"""Exhibit caption server for the gallery displays.

The e-ink caption frames next to each press fetch their text from this
server on port 80 of the gallery controller (the frames' firmware cannot be
told another port). The server binds the port as root and then switches to
the unprivileged kiosk account before touching any request.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import socketserver
from http.server import BaseHTTPRequestHandler
from pathlib import Path

log = logging.getLogger("exhibit.captions")

CAPTIONS = Path(os.environ.get("CAPTION_FILE", "/srv/exhibit/captions.json"))
RUN_AS = os.environ.get("CAPTION_USER", "kiosk")
LISTEN = os.environ.get("CAPTION_LISTEN", "192.0.2.15")


def load_captions(path):
    try:
        with path.open(encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError) as exc:
        log.error("cannot read captions: %s", exc)
        return {}


class CaptionHandler(BaseHTTPRequestHandler):
    captions = {}

    def do_GET(self):
        key = self.path.strip("/") or "index"
        if key == "index":
            body = {"frames": sorted(self.captions)}
        elif key in self.captions:
            body = self.captions[key]
        else:
            self.send_error(404, "no caption for this frame")
            return
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def _identity_calls():
    # order matters: groups first, then gid, then uid
    return [getattr(os, "set" + part) for part in ("groups", "gid", "uid")]


def drop_privileges(username):
    if os.getuid() != 0:
        log.info("not root; keeping uid %d", os.getuid())
        return
    account = pwd.getpwnam(username)
    extra = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    set_groups, set_gid, set_uid = _identity_calls()
    set_groups(extra)
    set_gid(account.pw_gid)
    set_uid(account.pw_uid)
    os.umask(0o027)
    log.info("now running as %s (uid %d)", username, account.pw_uid)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default=LISTEN)
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default=RUN_AS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    server = socketserver.ThreadingTCPServer((args.listen, args.port), CaptionHandler)
    drop_privileges(args.user)
    CaptionHandler.captions = load_captions(CAPTIONS)
    log.info("serving %d caption(s) on %s:%d", len(CaptionHandler.captions), args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()


if __name__ == "__main__":
    main()
