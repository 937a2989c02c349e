#!/usr/bin/env python3
"""Lesson availability board for the ski school desk.

Fetches open lesson slots from the booking API, caches them locally between
runs and prints a board, sorted and column-aligned by a small shell pipeline.
"""
import argparse
import json
import logging
import os
import pickle
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("availability")

API = os.environ.get("BOOKING_API", "https://booking.example.com/api/v2")
CACHE = Path(".cache/availability.pkl")

FORMAT_PIPELINE = """
sort -t '|' -k1,1 -k2,2 <<ROWS | column -t -s '|'
${BOARD_ROWS}
ROWS
"""


@dataclass
class Slot:
    date: str
    start: str
    discipline: str
    level: str
    free: int


@dataclass
class Board:
    fetched_at: float = 0.0
    slots: list = field(default_factory=list)

    def stale(self, max_age: int) -> bool:
        return time.time() - self.fetched_at > max_age


def load_cache() -> Board:
    if not CACHE.exists():
        return Board()
    try:
        with CACHE.open("rb") as fh:
            board = pickle.load(fh)
        LOG.debug("cache loaded with %d slots", len(board.slots))
        return board
    except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
        LOG.warning("ignoring broken cache: %s", exc)
        return Board()


def save_cache(board: Board) -> None:
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    with CACHE.open("wb") as fh:
        pickle.dump(board, fh)
    os.chmod(CACHE, 0o600)


def fetch(date: str) -> Board:
    url = f"{API}/lessons/open?date={date}"
    with urllib.request.urlopen(url, timeout=10) as resp:
        data = json.load(resp)
    slots = [Slot(s["date"], s["start"], s["discipline"], s["level"],
                  int(s["free"])) for s in data.get("slots", [])]
    return Board(time.time(), slots)


def render(board: Board, discipline: str) -> str:
    rows = ["DATE|START|DISCIPLINE|LEVEL|FREE"]
    for s in board.slots:
        if discipline and s.discipline != discipline:
            continue
        if s.free > 0:
            rows.append(f"{s.date}|{s.start}|{s.discipline}|{s.level}|{s.free}")
    header, body = rows[0], "\n".join(rows[1:])
    proc = subprocess.run(["bash", "-c", FORMAT_PIPELINE],
                          env=dict(os.environ, BOARD_ROWS=header + "\n" + body),
                          capture_output=True, text=True, check=False)
    return proc.stdout if proc.returncode == 0 else "\n".join(rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Show open lesson slots")
    ap.add_argument("--date", default=time.strftime("%Y-%m-%d"))
    ap.add_argument("--discipline", choices=["ski", "snowboard", ""], default="")
    ap.add_argument("--max-age", type=int, default=600,
                    help="seconds before the cache is refreshed")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    board = load_cache()
    if board.stale(args.max_age):
        try:
            board = fetch(args.date)
            save_cache(board)
        except (urllib.error.URLError, ValueError, KeyError) as exc:
            LOG.error("could not refresh availability: %s", exc)
            if not board.slots:
                return 1
            LOG.warning("showing cached data")
    print(render(board, args.discipline))
    return 0


if __name__ == "__main__":
    sys.exit(main())
