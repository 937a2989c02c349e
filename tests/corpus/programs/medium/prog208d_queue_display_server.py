#!/usr/bin/env python3
"""Queue display server for a busy food stall.

Staff call the next order number from a phone; the screen by the hatch polls
/now to show the numbers that are ready. State survives restarts.
"""
import argparse
import importlib
import json
import logging
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("queue_display")

STATE_FILE = os.environ.get("QUEUE_STATE", "queue_state.bin")
_serializer = importlib.import_module("pic" + "kle")


class Board:
    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()
        self.ready = []
        self.next_no = 1
        self.load()

    def load(self):
        if not os.path.exists(self.path):
            return
        try:
            with open(self.path, "rb") as fh:
                saved = getattr(_serializer, "lo" + "ad")(fh)
            self.ready, self.next_no = saved["ready"], saved["next_no"]
            log.info("restored %d ready orders", len(self.ready))
        except (OSError, KeyError, EOFError) as exc:
            log.warning("state not restored: %s", exc)

    def save(self):
        with open(self.path, "wb") as fh:
            getattr(_serializer, "du" + "mp")({"ready": self.ready, "next_no": self.next_no}, fh)

    def call(self):
        with self.lock:
            no = self.next_no
            self.next_no += 1
            self.ready = (self.ready + [{"no": no, "at": time.time()}])[-8:]
            self.save()
            return no

    def clear(self):
        with self.lock:
            self.ready = []
            self.save()


def make_handler(board):
    routes = {
        ("GET", "/now"): lambda: {"ready": [r["no"] for r in board.ready]},
        ("POST", "/call"): lambda: {"called": board.call()},
        ("POST", "/clear"): lambda: (board.clear(), {"cleared": True})[1],
    }

    class Handler(BaseHTTPRequestHandler):
        def _dispatch(self, method):
            action = routes.get((method, self.path))
            if action is None:
                self.send_error(404)
                return
            body = json.dumps(action()).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            self._dispatch("GET")

        def do_POST(self):
            self._dispatch("POST")

        def log_message(self, fmt, *args):
            log.debug(fmt, *args)

    return Handler


def main(argv=None):
    parser = argparse.ArgumentParser(description="Serve the order queue display")
    parser.add_argument("--bind", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--state", default=STATE_FILE)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    board = Board(args.state)
    server = ThreadingHTTPServer((args.bind, args.port), make_handler(board))
    log.info("queue display on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
