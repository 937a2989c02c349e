#!/usr/bin/env python3
"""Share this week's music list and PDFs with the choir-stall tablets.

Run on the music office laptop during rehearsal; tablets on the
cathedral Wi-Fi open http://<laptop>:8000/ to see the setlist.
"""
import argparse
import functools
import json
import logging
import os
import socket
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

DEFAULT_DIR = Path(os.environ.get("SETLIST_DIR", "setlists/current"))

log = logging.getLogger("setlist-share")


class SetlistHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)

    def do_GET(self):
        if self.path == "/setlist.json":
            return self.send_setlist()
        return super().do_GET()

    def send_setlist(self):
        base = Path(self.directory)
        items = []
        for pdf in sorted(base.glob("*.pdf")):
            order, _, title = pdf.stem.partition("_")
            items.append({"order": order, "title": title.replace("-", " "), "file": pdf.name})
        body = json.dumps({"service": base.name, "items": items}, indent=2).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def local_address() -> str:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 80))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def main() -> int:
    ap = argparse.ArgumentParser(description="Serve the setlist folder to choir tablets")
    ap.add_argument("--dir", type=Path, default=DEFAULT_DIR)
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--bind", default="0.0.0.0")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.dir.is_dir():
        log.error("setlist folder %s does not exist", args.dir)
        return 1

    handler = functools.partial(SetlistHandler, directory=str(args.dir.resolve()))
    server = ThreadingHTTPServer((args.bind, args.port), handler)
    log.info("serving %s at http://%s:%d/", args.dir, local_address(), args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
