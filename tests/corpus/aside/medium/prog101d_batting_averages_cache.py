#!/usr/bin/env python3
"""Season batting averages from the scorers' per-match CSV exports.

Each Saturday's scorer exports a batting card CSV into scorecards/<team>/.
Parsing a whole season of cards every time the selection committee asks
"who's in form" got slow on the old laptop, so parsed cards are kept in a
cache directory and only new or changed cards are re-read.

    python batting_averages_cache.py scorecards/1st-xi --min-innings 4
"""
import argparse
import csv
import hashlib
import logging
import pickle
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("averages")

CACHE_DIR = Path(".averages_cache")
DISMISSED_NOT_OUT = {"not out", "retired hurt", "dnb", ""}


@dataclass
class Innings:
    player: str
    runs: int
    balls: int
    out: bool


@dataclass
class Card:
    match: str
    innings: list = field(default_factory=list)


class CardCache:
    """Parsed scorecards keyed by file path, invalidated by size and mtime."""

    def __init__(self, directory=CACHE_DIR):
        self.directory = directory
        self.directory.mkdir(exist_ok=True)
        self.hits = self.misses = 0

    def _slot(self, path):
        st = path.stat()
        key = f"{path.resolve()}:{st.st_size}:{st.st_mtime_ns}"
        return self.directory / (hashlib.md5(key.encode()).hexdigest() + ".pkl")

    def get(self, path, loader):
        slot = self._slot(path)
        if slot.exists():
            try:
                with slot.open("rb") as fh:
                    card = pickle.load(fh)
                self.hits += 1
                return card
            except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
                log.debug("stale cache entry %s: %s", slot.name, exc)
        card = loader(path)
        with slot.open("wb") as fh:
            pickle.dump(card, fh, protocol=pickle.HIGHEST_PROTOCOL)
        self.misses += 1
        return card


def parse_card(path):
    card = Card(match=path.stem)
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            how_out = (row.get("How Out") or "").strip().lower()
            if how_out == "dnb":
                continue
            try:
                card.innings.append(Innings(
                    player=row["Batter"].strip(),
                    runs=int(row.get("Runs") or 0),
                    balls=int(row.get("Balls") or 0),
                    out=how_out not in DISMISSED_NOT_OUT))
            except (KeyError, ValueError) as exc:
                log.warning("%s: bad row %r (%s)", path.name, row, exc)
    return card


def aggregate(cards):
    stats = defaultdict(lambda: {"inns": 0, "no": 0, "runs": 0, "balls": 0, "hs": 0})
    for card in cards:
        for inn in card.innings:
            s = stats[inn.player]
            s["inns"] += 1
            s["no"] += 0 if inn.out else 1
            s["runs"] += inn.runs
            s["balls"] += inn.balls
            s["hs"] = max(s["hs"], inn.runs)
    return stats


def table(stats, min_innings):
    rows = []
    for player, s in stats.items():
        if s["inns"] < min_innings:
            continue
        outs = s["inns"] - s["no"]
        avg = s["runs"] / outs if outs else float("inf")
        sr = 100.0 * s["runs"] / s["balls"] if s["balls"] else 0.0
        rows.append((player, s["inns"], s["no"], s["runs"], s["hs"], avg, sr))
    rows.sort(key=lambda r: (r[5], r[3]), reverse=True)
    return rows


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("folders", nargs="+", type=Path)
    p.add_argument("--min-innings", type=int, default=3)
    p.add_argument("--clear-cache", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.pkl"):
            f.unlink()
    cache = CardCache()
    files = sorted(f for d in args.folders for f in d.glob("*.csv"))
    if not files:
        log.error("no scorecards found in %s", ", ".join(map(str, args.folders)))
        return 1
    cards = [cache.get(f, parse_card) for f in files]
    log.info("%d cards (%d cached, %d parsed)", len(cards), cache.hits, cache.misses)

    print(f"{'Player':<22}{'Inns':>5}{'NO':>4}{'Runs':>6}{'HS':>5}{'Avg':>8}{'SR':>8}")
    for player, inns, no, runs, hs, avg, sr in table(aggregate(cards), args.min_innings):
        avg_s = "-" if avg == float("inf") else f"{avg:.2f}"
        print(f"{player:<22}{inns:>5}{no:>4}{runs:>6}{hs:>5}{avg_s:>8}{sr:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
