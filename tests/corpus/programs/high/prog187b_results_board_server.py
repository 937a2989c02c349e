#!/usr/bin/env python3
"""Results board web server for the screens in the members' pavilion.

Starts as root so it can bind port 80, then drops to an unprivileged
account before serving the placings pages.
"""
import argparse
import grp
import html
import logging
import os
import pwd
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

log = logging.getLogger("results_board")

PLACINGS = Path(os.environ.get("RESULTS_OUTBOX", "/srv/showresults/placings"))
RUN_AS = os.environ.get("BOARD_USER", "showboard")


class BoardHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path not in ("/", "/index.html"):
            self.send_error(404)
            return
        body = self.render().encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Refresh", "30")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def render(self):
        parts = ["<html><head><title>Show results</title></head><body>",
                 "<h1>Latest results</h1>"]
        files = sorted(PLACINGS.glob("*.txt"), key=lambda p: p.stat().st_mtime, reverse=True)
        for f in files[:12]:
            parts.append("<pre>" + html.escape(f.read_text()) + "</pre>")
        parts.append("</body></html>")
        return "\n".join(parts)

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def drop_privileges(username):
    if os.getuid() != 0:
        log.info("not root, nothing to drop")
        return
    pw = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.umask(0o022)
    log.info("now running as %s (uid %d)", username, pw.pw_uid)


def main():
    parser = argparse.ArgumentParser(description="Pavilion results board")
    parser.add_argument("--bind", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=80)
    parser.add_argument("--user", default=RUN_AS)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    server = HTTPServer((args.bind, args.port), BoardHandler)
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        drop_privileges(args.user)
    except (KeyError, PermissionError) as exc:
        log.error("could not drop privileges: %s", exc)
        return 1
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
