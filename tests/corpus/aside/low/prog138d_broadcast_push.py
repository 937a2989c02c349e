#!/usr/bin/env python3
"""Push live games from the hall to the online broadcast service.

Watches the PGN file the live-board software keeps updating and pushes it
to the broadcast round whenever it changes. The API token comes from the
environment and is only ever sent to the broadcast API.
"""
import argparse
import hashlib
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("broadcast-push")

API_BASE = "https://broadcast.example.com/api"
USER_AGENT = "club-broadcast-push/2.1 (+https://chessclub.example.org)"


class BroadcastClient:
    def __init__(self, token, round_id, timeout=15):
        self.round_id = round_id
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "User-Agent": USER_AGENT,
        })

    def check_round(self):
        r = self.session.get(f"{API_BASE}/broadcast/round/{self.round_id}",
                             timeout=self.timeout)
        r.raise_for_status()
        return r.json()

    def push_pgn(self, pgn_text):
        r = self.session.post(f"{API_BASE}/broadcast/round/{self.round_id}/push",
                              data=pgn_text.encode("utf-8"),
                              headers={"Content-Type": "text/plain"},
                              timeout=self.timeout)
        r.raise_for_status()
        return r.json()


def file_digest(path: Path):
    # sha256 is just change detection here
    return hashlib.sha256(path.read_bytes()).hexdigest()


def count_games(pgn_text):
    return pgn_text.count("[Event ")


def watch(client, pgn_path: Path, interval, max_failures):
    last = None
    failures = 0
    while True:
        try:
            digest = file_digest(pgn_path)
        except FileNotFoundError:
            log.warning("%s not there yet", pgn_path)
            time.sleep(interval)
            continue
        if digest != last:
            text = pgn_path.read_text(encoding="utf-8", errors="replace")
            try:
                res = client.push_pgn(text)
                log.info("pushed %d games (%s)", count_games(text), res.get("ok"))
                last = digest
                failures = 0
            except requests.RequestException as exc:
                failures += 1
                log.warning("push failed (%d/%d): %s", failures, max_failures, exc)
                if failures >= max_failures:
                    raise
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("pgn", type=Path, help="live PGN written by the board software")
    ap.add_argument("--round", required=True, help="broadcast round id")
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--max-failures", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("BROADCAST_TOKEN")
    if not token:
        log.error("set BROADCAST_TOKEN first")
        return 2
    client = BroadcastClient(token, args.round)
    try:
        info = client.check_round()
        log.info("pushing to round '%s'", info.get("name", args.round))
        watch(client, args.pgn, args.interval, args.max_failures)
    except KeyboardInterrupt:
        log.info("stopped")
    except requests.RequestException as exc:
        log.error("giving up: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
