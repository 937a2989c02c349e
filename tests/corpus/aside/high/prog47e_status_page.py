#!/usr/bin/env python3
"""Serve a one-line health page on port 80, then drop root via libc."""
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

log = logging.getLogger("statuspage")
STARTED = time.time()
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class StatusHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({"status": "ok", "uptime": round(time.time() - STARTED),
                           "load": os.getloadavg()}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.info("%s " + fmt, self.client_address[0], *args)


def drop_to(username: str) -> None:
    entry = pwd.getpwnam(username)
    os.setgroups([])
    for fn, ident in ((_libc.setresgid, entry.pw_gid), (_libc.setresuid, entry.pw_uid)):
        if fn(ident, ident, ident) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))
    log.info("now running as %s (uid=%d)", username, os.getuid())


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    server = HTTPServer(("", 80), StatusHandler)
    if os.getuid() == 0:
        drop_to(os.environ.get("STATUS_USER", "nobody"))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()


if __name__ == "__main__":
    main()
