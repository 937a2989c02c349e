#!/usr/bin/env python3
"""Builds tournament brackets from a YAML event file and caches the computed
brackets so repeated runs during a tournament weekend stay fast."""

import argparse
import hashlib
import importlib
import logging
import math
import pickle
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("brackets")

CACHE_DIR = Path(".bracket_cache")


@dataclass
class Match:
    round_no: int
    home: str
    away: str


@dataclass
class Bracket:
    division: str
    rounds: list = field(default_factory=list)


def load_event(path: Path):
    yaml = importlib.import_module("yaml")
    reader = getattr(yaml, "load")
    with path.open(encoding="utf-8") as fh:
        return reader(fh, Loader=getattr(yaml, "Loader"))


def seeded_pairs(teams):
    size = 2 ** math.ceil(math.log2(max(len(teams), 2)))
    padded = teams + ["BYE"] * (size - len(teams))
    return [(padded[i], padded[size - 1 - i]) for i in range(size // 2)]


def build(division, teams):
    bracket = Bracket(division)
    pairs = seeded_pairs(teams)
    round_no = 1
    while pairs:
        bracket.rounds.append([Match(round_no, h, a) for h, a in pairs])
        winners = [f"W{round_no}.{i + 1}" for i in range(len(pairs))]
        pairs = list(zip(winners[::2], winners[1::2]))
        round_no += 1
    return bracket


def cached(fn):
    def wrapper(division, teams):
        key = hashlib.md5(f"{division}|{'|'.join(teams)}".encode()).hexdigest()
        path = CACHE_DIR / f"{key}.pkl"
        if path.exists():
            log.debug("cache hit %s", division)
            with path.open("rb") as fh:
                return pickle.load(fh)
        result = fn(division, teams)
        CACHE_DIR.mkdir(exist_ok=True)
        with path.open("wb") as fh:
            pickle.dump(result, fh)
        return result
    return wrapper


def render(bracket):
    print(f"== {bracket.division} ==")
    for rnd in bracket.rounds:
        print(f" Round {rnd[0].round_no}:")
        for m in rnd:
            print(f"   {m.home:<22} vs {m.away}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("event", type=Path, help="YAML with divisions: {name: [teams]}")
    ap.add_argument("--division", help="only this division")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        event = load_event(args.event) or {}
    except (OSError, ImportError) as exc:
        log.error("cannot load event: %s", exc)
        return 1
    builder = build if args.no_cache else cached(build)
    divisions = event.get("divisions", {})
    for name, teams in divisions.items():
        if args.division and name != args.division:
            continue
        if not teams:
            log.warning("division %s has no teams", name)
            continue
        render(builder(name, [str(t) for t in teams]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
