#!/usr/bin/env python3
"""Publishes the day's fastest laps to the track website leaderboard."""
import argparse
import csv
import json
import logging
import os
import urllib.request
from collections import defaultdict
from dataclasses import dataclass, asdict, field
from datetime import date
from pathlib import Path

log = logging.getLogger("leaderboard")


@dataclass
class Entry:
    driver: str
    best_ms: int
    kart: int
    laps: int


@dataclass
class Board:
    track: str
    day: str
    category: str
    entries: list = field(default_factory=list)


class LeaderboardAPI:
    base = os.environ.get("LEADERBOARD_API", "https://api.leaderboard.example.com")
    path_parts = ("v1", "boards")

    def __init__(self, key: str):
        self.key = key

    def url(self, track: str) -> str:
        return "/".join((self.base,) + self.path_parts + (track,))

    def publish(self, board: Board) -> int:
        body = json.dumps(asdict(board)).encode()
        req = urllib.request.Request(self.url(board.track), data=body, method="POST",
                                     headers={"Content-Type": "application/json",
                                              "Authorization": f"Bearer {self.key}"})
        with urllib.request.urlopen(req, timeout=15) as resp:
            return resp.status


def best_laps(path: Path, min_laps: int):
    per_driver = defaultdict(list)
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            per_driver[row["driver"]].append((int(row["time_ms"]), int(row["kart"])))
    for driver, laps in per_driver.items():
        if len(laps) < min_laps:
            continue
        ms, kart = min(laps)
        yield Entry(driver=driver, best_ms=ms, kart=kart, laps=len(laps))


def build_board(path: Path, track: str, category: str, top: int, min_laps: int) -> Board:
    entries = sorted(best_laps(path, min_laps), key=lambda e: e.best_ms)[:top]
    return Board(track=track, day=date.today().isoformat(), category=category, entries=entries)


OUTPUTS = {
    "print": lambda board, _key: print(json.dumps(asdict(board), indent=2)),
    "publish": lambda board, key: log.info("published -> HTTP %s",
                                           LeaderboardAPI(key).publish(board)),
}


def main():
    parser = argparse.ArgumentParser(description="Publish daily leaderboard")
    parser.add_argument("laps_csv", type=Path)
    parser.add_argument("--track", default=os.environ.get("TRACK_SLUG", "indoor-main"))
    parser.add_argument("--category", default="adult")
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--min-laps", type=int, default=5)
    parser.add_argument("--output", choices=sorted(OUTPUTS), default="publish")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("LEADERBOARD_API_KEY", "")
    if args.output == "publish" and not key:
        parser.error("LEADERBOARD_API_KEY is not set")
    board = build_board(args.laps_csv, args.track, args.category, args.top, args.min_laps)
    OUTPUTS[args.output](board, key)


if __name__ == "__main__":
    main()
