#!/usr/bin/env python3
"""Dock status board for the cross-dock floor.

Renders which reefer trailers are at which dock door, with their current
setpoint and last probe reading, and serves the board folder so the wall
screens and forklift tablets on the floor network can open it.
"""
import argparse
import functools
import html
import json
import logging
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

LOG = logging.getLogger("dock-board")

BOARD = {
    "listen": ("0.0.0.0", 8080),
    "root": "./board",
    "source": "./dock_state.json",
    "refresh": 30,
}

PAGE = """<!doctype html><html><head><meta http-equiv="refresh" content="{refresh}">
<title>Dock status</title></head><body><h1>Dock status {stamp}</h1>
<table border="1"><tr><th>Door</th><th>Trailer</th><th>Setpoint</th><th>Probe</th><th>State</th></tr>
{rows}</table></body></html>
"""


def classify(setpoint, probe):
    if probe is None:
        return "no data"
    drift = abs(probe - setpoint)
    if drift > 5:
        return "ALARM"
    if drift > 2:
        return "watch"
    return "ok"


def render(state, refresh):
    rows = []
    for door in sorted(state.get("doors", []), key=lambda d: d.get("door", 0)):
        sp = door.get("setpoint_c")
        pr = door.get("probe_c")
        rows.append("<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>" % (
            html.escape(str(door.get("door", "?"))),
            html.escape(door.get("trailer", "-")),
            "-" if sp is None else "%.1f" % sp,
            "-" if pr is None else "%.1f" % pr,
            classify(sp or 0.0, pr),
        ))
    return PAGE.format(refresh=refresh, stamp=time.strftime("%H:%M:%S"), rows="\n".join(rows))


class BoardWriter(threading.Thread):
    def __init__(self, source, root, refresh):
        super().__init__(daemon=True)
        self.source = Path(source)
        self.root = Path(root)
        self.refresh = refresh

    def write_once(self):
        try:
            state = json.loads(self.source.read_text())
        except (OSError, ValueError) as exc:
            LOG.warning("cannot read %s: %s", self.source, exc)
            state = {"doors": []}
        (self.root / "index.html").write_text(render(state, self.refresh))

    def run(self):
        while True:
            self.write_once()
            time.sleep(self.refresh)


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        LOG.debug("%s %s", self.address_string(), fmt % args)


def parse_args():
    p = argparse.ArgumentParser(description="Serve the dock status board")
    p.add_argument("--port", type=int, default=BOARD["listen"][1])
    p.add_argument("--root", default=BOARD["root"])
    p.add_argument("--source", default=BOARD["source"])
    p.add_argument("--refresh", type=int, default=BOARD["refresh"])
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    root = Path(args.root)
    root.mkdir(parents=True, exist_ok=True)
    writer = BoardWriter(args.source, root, args.refresh)
    writer.write_once()
    writer.start()
    handler = functools.partial(QuietHandler, directory=str(root))
    addr = (BOARD["listen"][0], args.port)
    with ThreadingHTTPServer(addr, handler) as srv:
        LOG.info("board served on %s:%d from %s", addr[0], addr[1], root)
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            LOG.info("stopping")


if __name__ == "__main__":
    main()
