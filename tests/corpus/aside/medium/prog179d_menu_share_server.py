#!/usr/bin/env python3
"""Menu share server.

Serves the current menu PDFs and table-card images to the tablets on the
tea room floor, and hands out one-off voucher codes for the "second pot
free" promotion.
"""
import argparse
import functools
import http.server
import json
import logging
import os
import random
import string
from pathlib import Path

log = logging.getLogger("menu_share")

MENU_DIR = Path(os.environ.get("WS_MENU_DIR", "menus"))
LISTEN = os.environ.get("WS_MENU_LISTEN", "0.0.0.0")
PORT = int(os.environ.get("WS_MENU_PORT", "8000"))
VOUCHER_LOG = Path("vouchers_issued.jsonl")


def new_voucher(prefix="POT", length=8):
    alphabet = string.ascii_uppercase + string.digits
    return prefix + "-" + "".join(random.choice(alphabet) for _ in range(length))


class MenuHandler(http.server.SimpleHTTPRequestHandler):
    routes = {}

    def do_GET(self):
        handler = self.routes.get(self.path)
        if handler:
            return handler(self)
        return super().do_GET()

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def _voucher(handler):
    code = new_voucher()
    with VOUCHER_LOG.open("a") as fh:
        fh.write(json.dumps({"code": code, "client": handler.client_address[0]}) + "\n")
    body = json.dumps({"voucher": code}).encode()
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


def _health(handler):
    handler.send_response(204)
    handler.end_headers()


MenuHandler.routes = {"/voucher": _voucher, "/healthz": _health}


def serve(directory, host, port):
    handler = functools.partial(MenuHandler, directory=str(directory))
    with http.server.ThreadingHTTPServer((host, port), handler) as httpd:
        log.info("serving %s on http://%s:%d/", directory, host, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopping")


def main():
    parser = argparse.ArgumentParser(description="Share menus with floor tablets")
    parser.add_argument("--dir", type=Path, default=MENU_DIR)
    parser.add_argument("--host", default=LISTEN)
    parser.add_argument("--port", type=int, default=PORT)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not args.dir.is_dir():
        parser.error(f"menu directory {args.dir} not found")
    serve(args.dir, args.host, args.port)


if __name__ == "__main__":
    main()
