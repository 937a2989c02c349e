#!/usr/bin/env python3
"""Pair up seed offers and wants from the swap sign-up sheets."""
import argparse
import csv
import hashlib
import json
import logging
import shutil
from collections import defaultdict
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("matcher")

CACHE_DIR = Path(".match_cache")


@dataclass
class Match:
    variety: str
    giver: str
    taker: str


def normalise(name):
    return " ".join(name.lower().replace("'", "").split())


def load_sheet(path):
    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    book = {"offer": defaultdict(list), "want": defaultdict(list)}
    for row in rows:
        kind = row.get("kind", "").strip().lower()
        if kind in book:
            book[kind][normalise(row["variety"])].append(row["member"].strip())
    return book


def cache_key(*paths):
    h = hashlib.md5()
    for p in paths:
        h.update(Path(p).read_bytes())
    return h.hexdigest()


def pair(book):
    matches = []
    for variety, takers in sorted(book["want"].items()):
        givers = list(book["offer"].get(variety, []))
        for taker in takers:
            candidates = [g for g in givers if g != taker]
            if not candidates:
                continue
            giver = candidates[0]
            givers.remove(giver)
            givers.append(giver)
            matches.append(Match(variety, giver, taker))
    return matches


def run(sheet, out):
    key = cache_key(sheet)
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists():
        log.info("using cached result")
        data = json.loads(cached.read_text())
    else:
        data = [asdict(m) for m in pair(load_sheet(sheet))]
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_text(json.dumps(data))
    Path(out).write_text(json.dumps(data, indent=2))
    return data


ACTIONS = {
    "match": lambda a: run(a.sheet, a.out),
    "clean": lambda a: shutil.rmtree(CACHE_DIR, ignore_errors=True),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--sheet", default="signups.csv")
    ap.add_argument("--out", default="matches.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.action == "match" and not Path(args.sheet).is_file():
        log.error("missing sign-up sheet %s", args.sheet)
        return 1
    result = ACTIONS[args.action](args)
    if isinstance(result, list):
        for m in result:
            print(f"{m['variety']:<24} {m['giver']:>14} -> {m['taker']}")
        log.info("%d pairings written to %s", len(result), args.out)
    else:
        log.info("cache cleared")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
