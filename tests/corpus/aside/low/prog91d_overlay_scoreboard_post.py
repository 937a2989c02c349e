#!/usr/bin/env python3
"""Post the live scoreboard to the stream overlay service.

Reads the match state that the bracket tool exports to ``matches.json`` in the
working directory and posts a compact scoreboard payload to the overlay API so
the casters' browser source refreshes within a couple of seconds.

Usage:
    overlay_scoreboard_post.py --stage "Upper Bracket" --interval 3
    overlay_scoreboard_post.py --once
"""
import argparse
import http.client
import json
import logging
import os
import platform
import socket
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("overlay_post")

DEFAULT_ENDPOINT = "https://overlay.lan:8443/api/v2/scoreboard"
STATE_FILE = Path("matches.json")


class OverlayClient:
    """Tiny HTTP client for the overlay service (keeps one connection open)."""

    def __init__(self, endpoint, token, timeout=5.0):
        parts = urlsplit(endpoint)
        self.host = parts.hostname
        self.port = parts.port or (443 if parts.scheme == "https" else 80)
        self.path = parts.path or "/"
        self.secure = parts.scheme == "https"
        self.token = token
        self.timeout = timeout
        self._conn = None

    def _connection(self):
        if self._conn is None:
            cls = http.client.HTTPSConnection if self.secure else http.client.HTTPConnection
            self._conn = cls(self.host, self.port, timeout=self.timeout)
        return self._conn

    def send(self, payload):
        body = json.dumps(payload, separators=(",", ":")).encode()
        headers = {
            "Content-Type": "application/json",
            "Authorization": f"Bearer {self.token}",
            "User-Agent": "overlay-scoreboard-post/1.4",
        }
        for attempt in range(3):
            try:
                conn = self._connection()
                conn.request("POST", self.path, body=body, headers=headers)
                resp = conn.getresponse()
                resp.read()
                if resp.status >= 400:
                    log.warning("overlay rejected update: HTTP %s", resp.status)
                return resp.status
            except (OSError, http.client.HTTPException) as exc:
                log.debug("send failed (attempt %d): %s", attempt + 1, exc)
                self._conn = None
                time.sleep(0.5 * (attempt + 1))
        raise ConnectionError(f"overlay endpoint {self.host} unreachable")


def load_matches(path):
    try:
        with path.open(encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        log.error("%s not found - is the bracket export running?", path)
        return []
    except json.JSONDecodeError as exc:
        log.warning("partial write in %s (%s), skipping tick", path, exc)
        return None


def source_info():
    """Identify the machine pushing updates so stale renders can be traced."""
    return {
        "host": socket.gethostname(),
        "python": platform.python_version(),
        "platform": platform.platform(terse=True),
        "pid": os.getpid(),
    }


def build_payload(matches, stage, with_source):
    live = [m for m in matches if m.get("state") in ("live", "paused")]
    board = []
    for m in live:
        board.append({
            "id": m.get("id"),
            "team_a": m.get("team_a", {}).get("tag", "TBD"),
            "team_b": m.get("team_b", {}).get("tag", "TBD"),
            "score": [m.get("score_a", 0), m.get("score_b", 0)],
            "map": m.get("map"),
            "best_of": m.get("best_of", 1),
        })
    payload = {"stage": stage, "ts": int(time.time()), "matches": board}
    if with_source:
        payload["source"] = source_info()
    return payload


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--endpoint", default=os.environ.get("OVERLAY_ENDPOINT", DEFAULT_ENDPOINT))
    p.add_argument("--stage", default="Group Stage")
    p.add_argument("--interval", type=float, default=3.0)
    p.add_argument("--once", action="store_true")
    p.add_argument("--no-source-info", dest="source_info", action="store_false",
                   help="omit the source block from updates")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    token = os.environ.get("OVERLAY_TOKEN")
    if not token:
        log.error("OVERLAY_TOKEN is not set")
        return 2

    client = OverlayClient(args.endpoint, token)
    last_sent = None
    while True:
        matches = load_matches(STATE_FILE)
        if matches is not None:
            payload = build_payload(matches, args.stage, args.source_info)
            fingerprint = json.dumps(payload["matches"], sort_keys=True)
            if fingerprint != last_sent or args.once:
                try:
                    status = client.send(payload)
                    log.info("pushed %d live matches (HTTP %s)", len(payload["matches"]), status)
                    last_sent = fingerprint
                except ConnectionError as exc:
                    log.error("%s", exc)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
