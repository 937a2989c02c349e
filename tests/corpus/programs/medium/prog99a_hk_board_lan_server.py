#!/usr/bin/env python3
"""Housekeeping board for the floor tablets.

Serves a single auto-refreshing page that shows every room's housekeeping
status, read from room_status.json (written by the PMS feed).  The tablets
open http://hkboard:8080/ on the staff VLAN.
"""

import argparse
import html
import json
import logging
import sys
import time
from pathlib import Path
from wsgiref.simple_server import WSGIRequestHandler, make_server

log = logging.getLogger("hk-kiosk")

COLOURS = {"dirty": "#d9534f", "clean": "#f0ad4e", "inspected": "#5cb85c",
           "ooo": "#337ab7", "dnd": "#8e44ad"}

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="{refresh}"><title>Housekeeping</title>
<style>body{{font-family:sans-serif;background:#222;color:#eee}}
.f{{margin:8px 0}}.r{{display:inline-block;width:72px;margin:3px;padding:6px;
border-radius:4px;text-align:center;color:#fff}}</style></head><body>
<h2>Housekeeping &middot; {stamp}</h2>{floors}</body></html>"""


class BoardApp:
    def __init__(self, status_file, refresh):
        self.status_file = Path(status_file)
        self.refresh = refresh

    def _rooms(self):
        try:
            return json.loads(self.status_file.read_text()).get("rooms", [])
        except (OSError, ValueError) as exc:
            log.warning("status file unreadable: %s", exc)
            return []

    def render(self):
        floors = {}
        for room in self._rooms():
            floors.setdefault(str(room.get("floor", "?")), []).append(room)
        parts = []
        for floor in sorted(floors):
            cells = "".join(
                '<span class="r" style="background:{c}">{n}<br><small>{a}</small></span>'.format(
                    c=COLOURS.get(r.get("hk_status", ""), "#777"),
                    n=html.escape(str(r.get("number", ""))),
                    a=html.escape(r.get("attendant", "")[:8]))
                for r in sorted(floors[floor], key=lambda r: str(r.get("number"))))
            parts.append(f'<div class="f"><b>Floor {html.escape(floor)}</b><br>{cells}</div>')
        return PAGE.format(refresh=self.refresh, stamp=time.strftime("%H:%M"),
                           floors="".join(parts))

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "/")
        if path == "/health":
            start_response("200 OK", [("Content-Type", "text/plain")])
            return [b"ok"]
        if path not in ("/", "/index.html"):
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"not found"]
        body = self.render().encode()
        start_response("200 OK", [("Content-Type", "text/html; charset=utf-8"),
                                  ("Content-Length", str(len(body)))])
        return [body]


class QuietHandler(WSGIRequestHandler):
    def log_message(self, fmt, *args):
        log.debug("%s %s", self.client_address[0], fmt % args)


def parse_args():
    ap = argparse.ArgumentParser(description="Housekeeping tablet board")
    ap.add_argument("--status-file", default="room_status.json")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--refresh", type=int, default=30)
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    app = BoardApp(Path(args.status_file).resolve(), args.refresh)
    try:
        server = make_server(args.listen, args.port, app, handler_class=QuietHandler)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.listen, args.port, exc)
        return 1
    log.info("board on http://%s:%d/", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
