#!/usr/bin/env python3
"""Wall-panel view of grow-room humidity alarms.

Reads the alarm watcher's state file (alarm_state.json) and serves a small
auto-refreshing page plus a JSON endpoint for the tablets mounted outside
each fruiting room. Room thresholds and display names come from panel.yaml.
"""

import argparse
import html
import json
import logging
import sys
import time
from pathlib import Path
from wsgiref.simple_server import WSGIRequestHandler, make_server

import yaml

log = logging.getLogger("rh_panel")

DEFAULTS = {
    "listen": {"host": "0.0.0.0", "port": 8088},
    "state_file": "alarm_state.json",
    "refresh_seconds": 15,
    "rooms": {},
}


def load_config(path):
    cfg = dict(DEFAULTS)
    p = Path(path)
    if p.exists():
        with p.open() as fh:
            user_cfg = yaml.load(fh, Loader=yaml.Loader) or {}
        cfg.update(user_cfg)
    return cfg


class QuietHandler(WSGIRequestHandler):
    def log_message(self, fmt, *args):
        log.debug("%s - %s", self.client_address[0], fmt % args)


class Panel:
    def __init__(self, cfg):
        self.cfg = cfg
        self.state_path = Path(cfg["state_file"])

    def read_state(self):
        try:
            state = json.loads(self.state_path.read_text())
        except (OSError, ValueError) as exc:
            log.warning("state unavailable: %s", exc)
            return {}
        rooms = {}
        for room, reading in state.get("rooms", {}).items():
            meta = self.cfg["rooms"].get(room, {})
            low = float(meta.get("rh_low", 80))
            rh = float(reading.get("rh_pct", 0))
            rooms[room] = {
                "label": meta.get("label", room),
                "rh_pct": rh,
                "rh_low": low,
                "alarm": rh < low,
                "age_s": int(time.time() - reading.get("ts", time.time())),
            }
        return rooms

    def render(self, rooms):
        cards = []
        for r in sorted(rooms.values(), key=lambda r: r["label"]):
            colour = "#c0392b" if r["alarm"] else "#27ae60"
            cards.append(
                f'<div style="background:{colour};padding:1em;margin:.5em;color:#fff">'
                f'<h2>{html.escape(r["label"])}</h2>'
                f'<p style="font-size:3em">{r["rh_pct"]:.0f}% RH</p>'
                f'<small>min {r["rh_low"]:.0f}% &middot; {r["age_s"]} s ago</small></div>')
        refresh = int(self.cfg["refresh_seconds"])
        return (f'<!doctype html><meta http-equiv="refresh" content="{refresh}">'
                f'<title>Humidity</title><body style="font-family:sans-serif">'
                f'{"".join(cards) or "<p>No readings yet</p>"}</body>')

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "/")
        rooms = self.read_state()
        if path == "/api/rooms":
            body = json.dumps(rooms).encode()
            ctype = "application/json"
        elif path == "/":
            body = self.render(rooms).encode()
            ctype = "text/html; charset=utf-8"
        else:
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"not found"]
        start_response("200 OK", [("Content-Type", ctype),
                                  ("Content-Length", str(len(body)))])
        return [body]


def main():
    ap = argparse.ArgumentParser(description="humidity alarm wall panel")
    ap.add_argument("-c", "--config", default="panel.yaml")
    ap.add_argument("--port", type=int)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        cfg = load_config(args.config)
    except yaml.YAMLError as exc:
        log.error("cannot parse %s: %s", args.config, exc)
        return 2
    host = cfg["listen"].get("host", "0.0.0.0")
    port = args.port or int(cfg["listen"].get("port", 8088))

    with make_server(host, port, Panel(cfg), handler_class=QuietHandler) as httpd:
        log.info("panel on http://%s:%d/", host, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
