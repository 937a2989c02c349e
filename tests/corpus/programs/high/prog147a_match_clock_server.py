#!/usr/bin/env python3
"""Match clock server for the pitch-side scoreboard tablet.

Serves the current score and elapsed time as JSON on port 80 so the
cheap tablets can poll it without a port in the URL. After binding the
port it switches to the 'scoreboard' account's ids.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import pwd
import socketserver
import threading
import time
from http.server import BaseHTTPRequestHandler

log = logging.getLogger("matchclock")


class MatchState:
    def __init__(self, home, away, half_minutes):
        self.lock = threading.Lock()
        self.home, self.away = home, away
        self.score = [0, 0]
        self.half_minutes = half_minutes
        self.started = None

    def kick_off(self):
        with self.lock:
            self.started = time.monotonic()

    def goal(self, side):
        with self.lock:
            self.score[0 if side == "home" else 1] += 1

    def snapshot(self):
        with self.lock:
            elapsed = 0 if self.started is None else int(time.monotonic() - self.started)
            return {"home": self.home, "away": self.away, "score": list(self.score),
                    "minute": elapsed // 60, "half_length": self.half_minutes}


STATE = None


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path != "/state":
            self.send_error(404)
            return
        body = json.dumps(STATE.snapshot()).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug(fmt, *args)


def switch_identity(account):
    """Adopt the given account's uid/gid via libc."""
    entry = pwd.getpwnam(account)
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    calls = [("setgroups", (0, None)), ("setgid", (entry.pw_gid,)), ("setuid", (entry.pw_uid,))]
    for name, argv in calls:
        fn = getattr(libc, name)
        if fn(*argv) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed")
    log.info("now running as %s (%d)", account, entry.pw_uid)


def console(state):
    """Tiny keyboard console for the scorer: h / a / k / q."""
    while True:
        cmd = input("[h]ome goal, [a]way goal, [k]ick off, [q]uit > ").strip().lower()
        if cmd == "h":
            state.goal("home")
        elif cmd == "a":
            state.goal("away")
        elif cmd == "k":
            state.kick_off()
        elif cmd == "q":
            break
        print(state.snapshot())


def main():
    global STATE
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("home")
    ap.add_argument("away")
    ap.add_argument("--half", type=int, default=25, help="minutes per half")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="scoreboard")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    STATE = MatchState(args.home, args.away, args.half)
    server = socketserver.ThreadingTCPServer(("127.0.0.1", args.port), Handler)
    try:
        switch_identity(args.user)
    except (KeyError, OSError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        server.server_close()
        return 1
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        console(STATE)
    except (EOFError, KeyboardInterrupt):
        pass
    server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
