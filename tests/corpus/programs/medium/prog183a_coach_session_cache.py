#!/usr/bin/env python3
"""Coach session planner cache.

Coaches keep training plans in YAML (rounds, drills, pad work) and the tool
caches parsed plans plus each fighter's progress so the tablet app opens
quickly between sessions.
"""
import argparse
import logging
import os
import pickle
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import yaml

log = logging.getLogger("session_cache")

PLAN_DIR = Path(os.environ.get("COACH_PLAN_DIR", "plans"))
CACHE_FILE = Path(os.environ.get("COACH_CACHE", ".session_cache.pkl"))


@dataclass
class FighterProgress:
    name: str
    weight_class: str
    sessions: int = 0
    rounds_sparred: int = 0
    notes: list = field(default_factory=list)


@dataclass
class Cache:
    plans: dict = field(default_factory=dict)
    fighters: dict = field(default_factory=dict)
    updated: datetime = field(default_factory=datetime.now)


def load_cache() -> Cache:
    if CACHE_FILE.exists():
        with CACHE_FILE.open("rb") as fh:
            cache = pickle.load(fh)
        log.debug("cache from %s", cache.updated)
        return cache
    return Cache()


def save_cache(cache: Cache):
    cache.updated = datetime.now()
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(cache, fh)


def refresh_plans(cache: Cache):
    for path in sorted(PLAN_DIR.glob("*.y*ml")):
        with path.open() as fh:
            plan = yaml.load(fh, Loader=yaml.Loader)
        cache.plans[path.stem] = plan
        log.info("loaded plan %s (%d blocks)", path.stem, len(plan.get("blocks", [])))


def log_session(cache: Cache, fighter: str, weight_class: str, rounds: int, note: str):
    prog = cache.fighters.get(fighter) or FighterProgress(fighter, weight_class)
    prog.sessions += 1
    prog.rounds_sparred += rounds
    if note:
        prog.notes.append(f"{datetime.now():%Y-%m-%d}: {note}")
    cache.fighters[fighter] = prog


def show(cache: Cache):
    print(f"Plans cached: {', '.join(sorted(cache.plans)) or '-'}")
    for f in sorted(cache.fighters.values(), key=lambda p: p.name):
        print(f"{f.name:20} {f.weight_class:14} sessions={f.sessions:3} rounds={f.rounds_sparred}")
        for n in f.notes[-3:]:
            print(f"    {n}")


def main():
    parser = argparse.ArgumentParser(description="Coach session cache")
    parser.add_argument("--refresh", action="store_true", help="re-read YAML plans")
    parser.add_argument("--fighter")
    parser.add_argument("--weight-class", default="unknown")
    parser.add_argument("--rounds", type=int, default=0)
    parser.add_argument("--note", default="")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = load_cache()
    if args.refresh or not cache.plans:
        refresh_plans(cache)
    if args.fighter:
        log_session(cache, args.fighter, args.weight_class, args.rounds, args.note)
    save_cache(cache)
    show(cache)


if __name__ == "__main__":
    main()
