#!/usr/bin/env python3
"""Push live games from the DGT boards to the club broadcast page.

DGT LiveChess writes one PGN file per board into the output folder
(games/round-N/board-M.pgn). This uploader watches those files and sends
the move list of any game that changed to the broadcast API, so spectators
in the cafe and at home can follow along.
"""
import argparse
import json
import logging
import os
import re
import sys
import threading
import time
from pathlib import Path

import requests

API_BASE = os.environ.get("RELAY_API", "https://relay.clubbroadcast.example/api/v1")
TOKEN_ENV = "RELAY_TOKEN"
STATE_FILE = Path(".upload_state.json")

log = logging.getLogger("board_upload")
TAG_RE = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')


def parse_pgn(text: str) -> dict:
    tags, moves = {}, []
    for line in text.splitlines():
        m = TAG_RE.match(line)
        if m:
            tags[m.group(1)] = m.group(2)
        elif line.strip():
            moves.append(line.strip())
    return {"tags": tags, "movetext": " ".join(moves)}


class BoardWatcher:
    def __init__(self, folder: Path, round_id: str, session: requests.Session):
        self.folder = folder
        self.round_id = round_id
        self.session = session
        self.seen = self._load_state()
        self.lock = threading.Lock()

    @staticmethod
    def _load_state() -> dict:
        try:
            return json.loads(STATE_FILE.read_text())
        except (FileNotFoundError, ValueError):
            return {}

    def _save_state(self) -> None:
        STATE_FILE.write_text(json.dumps(self.seen, indent=1))

    def changed_boards(self):
        for pgn in sorted(self.folder.glob("board-*.pgn")):
            mtime = pgn.stat().st_mtime
            if self.seen.get(pgn.name, 0) < mtime:
                yield pgn, mtime

    def upload(self, pgn: Path) -> bool:
        game = parse_pgn(pgn.read_text(encoding="utf-8", errors="replace"))
        board_no = int(re.sub(r"\D", "", pgn.stem) or 0)
        body = {"round": self.round_id, "board": board_no, **game}
        try:
            r = self.session.post(f"{API_BASE}/rounds/{self.round_id}/games",
                                  json=body, timeout=10)
            r.raise_for_status()
            return True
        except requests.RequestException as exc:
            log.warning("board %d upload failed: %s", board_no, exc)
            return False

    def poll_once(self) -> int:
        sent = 0
        with self.lock:
            for pgn, mtime in self.changed_boards():
                if self.upload(pgn):
                    self.seen[pgn.name] = mtime
                    sent += 1
            if sent:
                self._save_state()
        return sent


def make_session() -> requests.Session:
    token = os.environ.get(TOKEN_ENV)
    if not token:
        raise SystemExit(f"{TOKEN_ENV} is not set")
    s = requests.Session()
    s.headers.update({"Authorization": f"Bearer {token}",
                      "User-Agent": "club-board-upload/0.9"})
    return s


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", type=Path, help="LiveChess round output folder")
    ap.add_argument("--round", required=True, help="broadcast round id")
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.folder.is_dir():
        log.error("%s is not a folder", args.folder)
        return 2
    watcher = BoardWatcher(args.folder, args.round, make_session())
    log.info("watching %s for round %s", args.folder, args.round)
    try:
        while True:
            n = watcher.poll_once()
            if n:
                log.info("uploaded %d board(s)", n)
            if args.once:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
