#!/usr/bin/env python3
"""
chukker_clock_display.py - match clock for the timekeeper's box.

Serves the chukker clock and score as JSON on localhost:8080.  The display
page in the timekeeper's box browser polls /state; the timekeeper's keypad
app on the same machine drives it through /control.
"""

import argparse
import json
import logging
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("chukker-clock")


class MatchClock:
    def __init__(self, chukkers=6, minutes=7):
        self.lock = threading.Lock()
        self.chukkers = chukkers
        self.length = minutes * 60
        self.reset()

    def reset(self):
        with self.lock:
            self.chukker = 1
            self.elapsed = 0.0
            self.running_since = None
            self.score = {"home": 0, "away": 0}

    def _elapsed(self):
        extra = time.monotonic() - self.running_since if self.running_since else 0.0
        return min(self.elapsed + extra, self.length)

    def apply(self, action, team=None):
        with self.lock:
            if action == "start" and self.running_since is None:
                self.running_since = time.monotonic()
            elif action == "stop" and self.running_since is not None:
                self.elapsed = self._elapsed()
                self.running_since = None
            elif action == "next" and self.chukker < self.chukkers:
                self.chukker += 1
                self.elapsed, self.running_since = 0.0, None
            elif action == "goal" and team in self.score:
                self.score[team] += 1
            elif action == "undo_goal" and team in self.score and self.score[team] > 0:
                self.score[team] -= 1
            else:
                return False
            return True

    def state(self):
        with self.lock:
            remaining = self.length - self._elapsed()
            return {"chukker": self.chukker, "of": self.chukkers,
                    "remaining": round(remaining, 1),
                    "running": self.running_since is not None,
                    "score": dict(self.score)}


def make_handler(clock, token):
    class Handler(BaseHTTPRequestHandler):
        server_version = "ChukkerClock/2.1"

        def _json(self, code, obj):
            body = json.dumps(obj).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            if self.path.rstrip("/") in ("/state", ""):
                self._json(200, clock.state())
            else:
                self._json(404, {"error": "not found"})

        def do_POST(self):
            if self.path != "/control":
                return self._json(404, {"error": "not found"})
            if self.headers.get("X-Timekeeper-Token") != token:
                return self._json(403, {"error": "bad token"})
            try:
                length = int(self.headers.get("Content-Length", 0))
                cmd = json.loads(self.rfile.read(length) or b"{}")
            except ValueError:
                return self._json(400, {"error": "bad json"})
            if cmd.get("action") == "reset":
                clock.reset()
                ok = True
            else:
                ok = clock.apply(cmd.get("action"), cmd.get("team"))
            self._json(200 if ok else 409, clock.state())

        def log_message(self, fmt, *args):
            log.debug("%s " + fmt, self.address_string(), *args)

    return Handler


def main(argv=None):
    ap = argparse.ArgumentParser(description="Polo chukker clock display server")
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--chukkers", type=int, default=6)
    ap.add_argument("--minutes", type=int, default=7)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("TIMEKEEPER_TOKEN")
    if not token:
        log.error("TIMEKEEPER_TOKEN must be set")
        return 1
    clock = MatchClock(args.chukkers, args.minutes)
    try:
        httpd = ThreadingHTTPServer((args.bind, args.port), make_handler(clock, token))
    except OSError as exc:
        log.error("cannot bind %s:%d: %s", args.bind, args.port, exc)
        return 1
    log.info("chukker clock on %s:%d: %d x %d min", args.bind, args.port,
             args.chukkers, args.minutes)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
