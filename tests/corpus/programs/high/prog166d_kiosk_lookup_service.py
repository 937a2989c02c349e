#!/usr/bin/env python3
"""Parcel lookup service for the lobby kiosk.

Started by root from the kiosk's init script so it can open the shared
index files, then switches to the unprivileged kiosk account before it
serves any request.
"""

import argparse
import grp
import json
import logging
import os
import pwd
import sqlite3
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("kiosk-lookup")

DB_PATH = os.environ.get("KIOSK_DB", "/srv/archive/index/parcels.sqlite")


def switch_user(username: str, groupname: str):
    if os.getuid() != 0:
        log.info("not running as root; staying uid %d", os.getuid())
        return
    pw = pwd.getpwnam(username)
    gr = grp.getgrnam(groupname)
    os.setgroups([gr.gr_gid])
    os.setgid(gr.gr_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o027)
    log.info("now running as %s:%s", username, groupname)


class LookupHandler(BaseHTTPRequestHandler):
    db = None

    def _send(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlparse(self.path)
        if url.path != "/parcel":
            self._send(404, {"error": "not found"})
            return
        params = parse_qs(url.query)
        parcel = (params.get("id") or [""])[0].strip()
        if not parcel or len(parcel) > 32:
            self._send(400, {"error": "missing or bad id"})
            return
        cur = self.db.execute(
            "SELECT parcel_id, owner, book, page, recorded_on "
            "FROM parcels WHERE parcel_id = ?",
            (parcel,),
        )
        rows = [
            dict(zip(("parcel_id", "owner", "book", "page", "recorded_on"), r))
            for r in cur.fetchall()
        ]
        self._send(200, {"results": rows})

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8088)
    parser.add_argument("--user", default="kiosk")
    parser.add_argument("--group", default="kiosk")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    db = sqlite3.connect(f"file:{DB_PATH}?mode=ro", uri=True,
                         check_same_thread=False)
    server = HTTPServer(("127.0.0.1", args.port), LookupHandler)
    LookupHandler.db = db

    switch_user(args.user, args.group)

    log.info("serving parcel lookups on 127.0.0.1:%d", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        db.close()


if __name__ == "__main__":
    main()
