#!/usr/bin/env python3
"""Live scoreboard page for the academy's weekend tournaments.

Polls the league's public results feed, keeps the latest standings in
memory and serves a self-refreshing HTML board on port 80 of the field-side
display box so phones on the field Wi-Fi can open http://scores/ directly.
The listener is opened first, then the process switches to an
unprivileged account for the rest of its life.
"""
import argparse
import ctypes
import ctypes.util
import html
import json
import logging
import os
import pwd
import sys
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, HTTPServer

log = logging.getLogger("scoreboard")

FEED = "https://results.youthleague.example/api/v1/tournaments/{tid}/matches"


class Board:
    def __init__(self):
        self.lock = threading.Lock()
        self.matches = []
        self.updated = None
        self.error = None

    def update(self, matches):
        with self.lock:
            self.matches = matches
            self.updated = time.strftime("%H:%M:%S")
            self.error = None

    def fail(self, msg):
        with self.lock:
            self.error = msg

    def render(self, title):
        with self.lock:
            rows = []
            for m in sorted(self.matches, key=lambda m: (m.get("field", ""), m.get("kickoff", ""))):
                live = " class=live" if m.get("status") == "in_progress" else ""
                rows.append(
                    f"<tr{live}><td>{html.escape(str(m.get('field', '')))}</td>"
                    f"<td>{html.escape(m.get('home', ''))}</td><td>{m.get('home_score', '-')}</td>"
                    f"<td>{m.get('away_score', '-')}</td><td>{html.escape(m.get('away', ''))}</td>"
                    f"<td>{html.escape(m.get('status', ''))}</td></tr>")
            note = f"<p class=err>{html.escape(self.error)}</p>" if self.error else ""
            return (f"<!doctype html><meta http-equiv=refresh content=15><title>{html.escape(title)}</title>"
                    "<style>body{background:#111;color:#eee;font:2vw sans-serif}.live{color:#6f6}"
                    ".err{color:#f66}td{padding:.3em 1em}</style>"
                    f"<h1>{html.escape(title)}</h1>{note}<table>{''.join(rows)}</table>"
                    f"<p>updated {self.updated or 'never'}</p>").encode()


def poll(board, tid, interval):
    url = FEED.format(tid=tid)
    while True:
        try:
            with urllib.request.urlopen(url, timeout=10) as resp:
                board.update(json.load(resp).get("matches", []))
        except (urllib.error.URLError, ValueError, TimeoutError) as exc:
            log.warning("feed error: %s", exc)
            board.fail("results feed unreachable, showing last known scores")
        time.sleep(interval)


def switch_account(username):
    """Run the rest of the process as `username`."""
    entry = pwd.getpwnam(username)
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    groups = (ctypes.c_uint * 1)(entry.pw_gid)
    steps = (
        ("setgroups", lambda: libc.setgroups(1, groups)),
        ("setresgid", lambda: libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid)),
        ("setresuid", lambda: libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid)),
    )
    for name, step in steps:
        if step() != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name}: {os.strerror(err)}")
    os.environ["HOME"] = entry.pw_dir
    log.info("now running as %s (uid %d)", username, os.getuid())


def make_handler(board, title):
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path not in ("/", "/index.html"):
                self.send_error(404)
                return
            body = board.render(title)
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, fmt, *args):
            log.debug(fmt, *args)
    return Handler


def main(argv=None):
    ap = argparse.ArgumentParser(description="Tournament scoreboard page")
    ap.add_argument("tournament_id")
    ap.add_argument("--title", default="Summer Cup Scoreboard")
    ap.add_argument("--host", default="")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="nobody", help="account to switch to after binding")
    ap.add_argument("--interval", type=int, default=20)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    board = Board()
    try:
        server = HTTPServer((args.host, args.port), make_handler(board, args.title))
    except PermissionError:
        log.warning("cannot bind port %d, falling back to 8080", args.port)
        args.port = 8080
        server = HTTPServer((args.host, args.port), make_handler(board, args.title))
    try:
        switch_account(args.user)
    except (KeyError, OSError) as exc:
        log.warning("could not switch to %s: %s", args.user, exc)
    threading.Thread(target=poll, args=(board, args.tournament_id, args.interval), daemon=True).start()
    log.info("scoreboard on http://%s:%d/", args.host or "*", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
