#!/usr/bin/env python3
"""Live scoreboard for the archery range (preview mode).

Serves a small HTML page and a JSON feed of the current standings so the
big screen on the shooting line and spectators' phones can follow a
tournament.  Standings come from standings.json, which the score importer
rewrites after each end.  Preview mode runs as whoever starts it on a
high port, for checking the layout from a laptop before the event.
"""
import argparse
import html
import json
import logging
import os
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("scoreboard")

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="{refresh}"><title>{title}</title>
<style>body{{font-family:sans-serif;background:#111;color:#eee}}
td,th{{padding:.3em 1em}} tr:nth-child(even){{background:#222}}</style></head>
<body><h1>{title}</h1><table><tr><th>#</th><th>Archer</th><th>Club</th>
<th>Score</th><th>10s</th><th>Xs</th></tr>{rows}</table></body></html>"""


class Standings:
    def __init__(self, path):
        self.path = Path(path)
        self._mtime = 0.0
        self._data = {"title": "Scoreboard", "archers": []}

    def current(self):
        try:
            mtime = self.path.stat().st_mtime
            if mtime != self._mtime:
                self._data = json.loads(self.path.read_text())
                self._mtime = mtime
        except (OSError, ValueError) as exc:
            log.warning("standings unavailable: %s", exc)
        ranked = sorted(self._data.get("archers", []),
                        key=lambda a: (-a["score"], -a.get("tens", 0), -a.get("xs", 0)))
        return self._data.get("title", "Scoreboard"), ranked


def make_handler(standings, refresh):
    class Handler(BaseHTTPRequestHandler):
        server_version = "RangeBoard/2.1"

        def _send(self, status, ctype, body):
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            title, ranked = standings.current()
            if self.path.startswith("/api/standings"):
                body = json.dumps({"title": title, "archers": ranked}).encode()
                return self._send(200, "application/json", body)
            if self.path in ("/", "/index.html"):
                rows = "".join(
                    f"<tr><td>{i}</td><td>{html.escape(a['name'])}</td>"
                    f"<td>{html.escape(a.get('club', ''))}</td><td>{a['score']}</td>"
                    f"<td>{a.get('tens', 0)}</td><td>{a.get('xs', 0)}</td></tr>"
                    for i, a in enumerate(ranked, 1))
                body = PAGE.format(title=html.escape(title), refresh=refresh, rows=rows).encode()
                return self._send(200, "text/html; charset=utf-8", body)
            self._send(404, "text/plain", b"not found\n")

        def log_message(self, fmt, *args):
            log.debug("%s %s", self.address_string(), fmt % args)

    return Handler


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--standings", default="standings.json")
    ap.add_argument("--port", type=int, default=int(os.environ.get("SCOREBOARD_PORT", "8080")))
    ap.add_argument("--refresh", type=int, default=15)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    standings = Standings(Path(args.standings).resolve())
    try:
        httpd = ThreadingHTTPServer(("0.0.0.0", args.port), make_handler(standings, args.refresh))
    except OSError as exc:
        log.error("cannot bind port %d: %s", args.port, exc)
        return 1

    log.info("scoreboard preview on port %d", args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
