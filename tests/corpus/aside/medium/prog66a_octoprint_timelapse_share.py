#!/usr/bin/env python3
"""Share finished OctoPrint timelapses with the rest of the workshop.

Watches OctoPrint's timelapse folder and serves it read-only over HTTP so
people can grab their print videos from a phone on the shop Wi-Fi.  A tiny
index page lists the newest files first.

    octoprint_timelapse_share.py --port 8088
"""
import argparse
import configparser
import datetime
import functools
import html
import http.server
import logging
import os
import sys
from pathlib import Path

LOG = logging.getLogger("timelapse_share")
DEFAULT_DIR = Path.home() / ".octoprint" / "timelapse"
VIDEO_EXT = {".mp4", ".mkv", ".mpg", ".webm"}


def read_settings(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"share": {"directory": str(DEFAULT_DIR), "listen": "0.0.0.0",
                            "port": "8088", "title": "Workshop timelapses"}})
    cp.read(path)
    return cp["share"]


class TimelapseHandler(http.server.SimpleHTTPRequestHandler):
    title = "Timelapses"

    def list_directory(self, path):
        entries = []
        for p in Path(path).iterdir():
            if p.suffix.lower() in VIDEO_EXT and p.is_file():
                st = p.stat()
                entries.append((st.st_mtime, p.name, st.st_size))
        entries.sort(reverse=True)
        rows = "\n".join(
            f'<tr><td><a href="{html.escape(n)}">{html.escape(n)}</a></td>'
            f"<td>{s / 1e6:.1f} MB</td>"
            f"<td>{datetime.datetime.fromtimestamp(m):%Y-%m-%d %H:%M}</td></tr>"
            for m, n, s in entries)
        body = (f"<!doctype html><meta name=viewport content='width=device-width'>"
                f"<title>{html.escape(self.title)}</title><h1>{html.escape(self.title)}</h1>"
                f"<table>{rows}</table>").encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        return None

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-c", "--config", default="timelapse_share.ini")
    ap.add_argument("--port", type=int)
    ap.add_argument("--directory")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = read_settings(args.config)
    directory = Path(args.directory or cfg["directory"]).expanduser()
    port = args.port or int(cfg["port"])
    if not directory.is_dir():
        LOG.error("timelapse directory %s does not exist", directory)
        return 1

    TimelapseHandler.title = cfg["title"]
    handler = functools.partial(TimelapseHandler, directory=str(directory))
    addr = (cfg["listen"], port)
    try:
        httpd = http.server.ThreadingHTTPServer(addr, handler)
    except OSError as exc:
        LOG.error("cannot listen on %s:%d: %s", *addr, exc)
        return 1

    LOG.info("sharing %s on http://%s:%d/", directory, os.uname().nodename, port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
