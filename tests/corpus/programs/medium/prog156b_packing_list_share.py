#!/usr/bin/env python3
"""Share today's packing lists with the tablets on the packing floor.

The packers' tablets just need to open the route lists in a browser, so
this serves the ./packing folder over the warehouse Wi-Fi and keeps a
small index page up to date. Route metadata is cached between runs so
the index builds quickly on the old office PC.
"""
import argparse
import functools
import http.server
import logging
import os
import pickle
import socketserver
import threading
import time
from pathlib import Path

log = logging.getLogger("packshare")

CACHE_FILE = "route_index.cache"


def scan_routes(folder):
    routes = {}
    for p in sorted(Path(folder).glob("route_*.txt")):
        with open(p) as fh:
            header = fh.readline().strip()
        routes[p.name] = {"header": header, "mtime": p.stat().st_mtime}
    return routes


def load_cache(path):
    if not os.path.exists(path):
        return {}
    try:
        with open(path, "rb") as fh:
            return pickle.load(fh)
    except (pickle.UnpicklingError, EOFError) as exc:
        log.warning("cache unreadable, rebuilding: %s", exc)
        return {}


def save_cache(path, data):
    with open(path, "wb") as fh:
        pickle.dump(data, fh)


def write_index(folder, routes):
    rows = []
    for name, meta in routes.items():
        stamp = time.strftime("%H:%M", time.localtime(meta["mtime"]))
        rows.append('<li><a href="%s">%s</a> <small>updated %s</small></li>'
                    % (name, meta["header"], stamp))
    html = ("<html><head><meta http-equiv='refresh' content='60'>"
            "<title>Packing lists</title></head><body><h1>Packing lists</h1><ul>%s</ul>"
            "</body></html>" % "".join(rows))
    with open(Path(folder) / "index.html", "w") as fh:
        fh.write(html)


class IndexRefresher(threading.Thread):
    def __init__(self, folder, every):
        super().__init__(daemon=True)
        self.folder = folder
        self.every = every

    def run(self):
        while True:
            cached = load_cache(CACHE_FILE)
            current = scan_routes(self.folder)
            if current != cached:
                write_index(self.folder, current)
                save_cache(CACHE_FILE, current)
                log.info("index refreshed (%d routes)", len(current))
            time.sleep(self.every)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def main():
    ap = argparse.ArgumentParser(description="Serve packing lists to floor tablets")
    ap.add_argument("--folder", default="packing")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--refresh", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.path.isdir(args.folder):
        log.error("no packing folder at %s", args.folder)
        return 1
    IndexRefresher(args.folder, args.refresh).start()
    handler = functools.partial(QuietHandler, directory=args.folder)
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer((args.bind, args.port), handler) as httpd:
        log.info("serving %s on %s:%d", args.folder, args.bind, args.port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopping")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
