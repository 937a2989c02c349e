#!/usr/bin/env python3
"""Scoreboard feed client for venue display kiosks.

Connects to the league relay, receives live score frames (newline-delimited
JSON) and keeps ./scoreboard_state.json current so the display renderer can
pick it up. A heartbeat thread reports the kiosk as alive on the relay's
status port so the match-day operator can see which displays are online.
"""
import argparse
import json
import logging
import os
import socket
import threading
import time
from pathlib import Path

log = logging.getLogger("scoreboard.feed")

DEFAULT_RELAY = os.environ.get("SCOREBOARD_RELAY", "relay.leaguescores.net:7443")
STATE_FILE = Path("scoreboard_state.json")


def parse_endpoint(spec):
    host, _, port = spec.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"bad relay endpoint: {spec!r}")
    return host, int(port)


class Heartbeat(threading.Thread):
    """Sends a short status line to the relay every interval."""

    def __init__(self, endpoint, interval=30):
        super().__init__(name="heartbeat", daemon=True)
        self.endpoint = endpoint
        self.interval = interval

    def run(self):
        while True:
            try:
                with socket.create_connection(self.endpoint, timeout=10) as conn:
                    hello = f"KIOSK {socket.gethostname()} {os.getpid()} OK\n"
                    conn.sendall(hello.encode())
            except OSError as exc:
                log.debug("status port unavailable: %s", exc)
            time.sleep(self.interval)


class ScoreState:
    def __init__(self, path):
        self.path = path
        self.matches = {}
        if path.exists():
            try:
                self.matches = json.loads(path.read_text())
            except json.JSONDecodeError:
                log.warning("state file corrupt, starting fresh")

    def apply(self, frame):
        match_id = str(frame.get("match_id"))
        entry = self.matches.setdefault(match_id, {})
        for key in ("home", "away", "home_score", "away_score", "clock", "period"):
            if key in frame:
                entry[key] = frame[key]
        entry["updated"] = time.time()

    def flush(self):
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.matches, indent=2))
        tmp.replace(self.path)


def stream_frames(endpoint, subscribe):
    with socket.create_connection(endpoint, timeout=20) as conn:
        conn.sendall(json.dumps({"subscribe": subscribe}).encode() + b"\n")
        buf = b""
        while True:
            chunk = conn.recv(4096)
            if not chunk:
                return
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                if line.strip():
                    yield json.loads(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--relay", default=DEFAULT_RELAY)
    ap.add_argument("--competition", action="append", default=[],
                    help="competition code to subscribe to (repeatable)")
    ap.add_argument("--no-heartbeat", dest="heartbeat", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    host, port = parse_endpoint(args.relay)
    if args.heartbeat:
        Heartbeat((host, port + 1)).start()

    state = ScoreState(STATE_FILE)
    backoff = 1
    while True:
        try:
            for frame in stream_frames((host, port), args.competition or ["ALL"]):
                state.apply(frame)
                state.flush()
                backoff = 1
        except (OSError, json.JSONDecodeError) as exc:
            log.warning("relay stream dropped: %s (retry in %ss)", exc, backoff)
        time.sleep(backoff)
        backoff = min(backoff * 2, 60)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
