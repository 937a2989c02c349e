#!/usr/bin/env python3
"""Tiny read-only dashboard for crawl statistics on the standard HTTP port.

Started as root so it can bind port 80 on the loopback/VPN interface, then it
switches to an unprivileged account before serving any request.
"""
import argparse
import grp
import html
import json
import logging
import os
import pwd
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("crawl-dash")


def load_stats(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        return {"error": str(exc)}


class StatsHandler(BaseHTTPRequestHandler):
    stats_path = "crawl_stats.json"

    def do_GET(self):
        stats = load_stats(self.stats_path)
        if self.path == "/api/stats":
            body = json.dumps(stats).encode()
            ctype = "application/json"
        elif self.path == "/":
            rows = "".join(
                f"<tr><td>{html.escape(str(k))}</td><td>{html.escape(str(v))}</td></tr>"
                for k, v in sorted(stats.items())
            )
            body = f"<html><body><h1>Crawl stats</h1><table>{rows}</table></body></html>".encode()
            ctype = "text/html; charset=utf-8"
        else:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def switch_identity(username, groupname):
    """Give up root: supplementary groups, then gid, then uid."""
    pw_entry = pwd.getpwnam(username)
    gid = grp.getgrnam(groupname).gr_gid if groupname else pw_entry.pw_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw_entry.pw_uid)
    os.umask(0o077)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("still running as root after switch")
    log.info("now running as %s (uid=%d gid=%d)", username, os.getuid(), os.getgid())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="crawler")
    ap.add_argument("--group", default=None)
    ap.add_argument("--stats", default="crawl_stats.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    StatsHandler.stats_path = os.path.abspath(args.stats)
    server = ThreadingHTTPServer((args.bind, args.port), StatsHandler)
    log.info("bound %s:%d", args.bind, args.port)
    if os.geteuid() == 0:
        switch_identity(args.user, args.group)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
