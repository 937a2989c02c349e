#!/usr/bin/env python3
"""Live scoreboard page for the academy's weekend tournaments.

Polls the league's public results feed, keeps the latest standings in
memory and serves a self-refreshing HTML board that the clubhouse TV's
browser points at (http://localhost:8080/).
"""
import argparse
import html
import json
import logging
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
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--interval", type=int, default=20)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    board = Board()
    threading.Thread(target=poll, args=(board, args.tournament_id, args.interval), daemon=True).start()
    server = HTTPServer((args.host, args.port), make_handler(board, args.title))
    log.info("scoreboard on http://%s:%d/", args.host, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
