#!/usr/bin/env python3
"""Forge status board.

Tiny web page for the shop floor showing the forge controller's uptime,
disk headroom for the furnace logs and the last lines of the firing log.
"""
import argparse
import html
import logging
import os
import subprocess
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer

LOG = logging.getLogger("status-board")

SETTINGS = {
    "listen": "0.0.0.0",
    "port": 8080,
    "firing_log": "firing.log",
}

# Panels shown on the board, each backed by a read-only command.
PANELS = {
    "Uptime": ["uptime"],
    "Disk": ["df", "-h", "."],
    "Load": ["cat", "/proc/loadavg"],
}


def run_panel(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=5)
        return out.stdout.strip() or out.stderr.strip()
    except (OSError, subprocess.TimeoutExpired) as exc:
        return "unavailable: %s" % exc


def tail(path, lines=15):
    if not os.path.exists(path):
        return "(no firing log yet)"
    with open(path, encoding="utf-8", errors="replace") as fh:
        return "".join(fh.readlines()[-lines:])


def render_page(firing_log):
    parts = ["<html><head><title>Forge status</title>",
             '<meta http-equiv="refresh" content="30"></head><body>',
             "<h1>Forge status</h1>"]
    for title, cmd in PANELS.items():
        parts.append("<h2>%s</h2><pre>%s</pre>" % (
            title, html.escape(run_panel(cmd))))
    parts.append("<h2>Firing log</h2><pre>%s</pre>" % html.escape(tail(firing_log)))
    parts.append("</body></html>")
    return "\n".join(parts).encode("utf-8")


class BoardHandler(BaseHTTPRequestHandler):
    firing_log = SETTINGS["firing_log"]

    def do_GET(self):
        if self.path not in ("/", "/index.html"):
            self.send_error(404)
            return
        body = render_page(self.firing_log)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.client_address[0], fmt % args)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--listen", default=SETTINGS["listen"])
    parser.add_argument("--port", type=int, default=SETTINGS["port"])
    parser.add_argument("--firing-log", default=SETTINGS["firing_log"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    BoardHandler.firing_log = args.firing_log
    try:
        server = HTTPServer((args.listen, args.port), BoardHandler)
    except OSError as exc:
        LOG.error("cannot listen: %s", exc)
        return 1
    LOG.info("status board on http://%s:%d/", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
