#!/usr/bin/env python3
"""Bracket cache tool for the tournament desk.

Keeps the current double-elimination bracket in a local pickle cache so
the desk laptops can show standings without hitting the bracket service,
and pretty-prints it through `column` in a small shell pipeline.
"""
import argparse
import csv
import logging
import os
import pickle
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

LOG = logging.getLogger("bracket-cache")
CACHE = ".bracket_cache.pkl"
MAX_AGE = 300


@dataclass
class Match:
    match_id: str
    round_name: str
    team_a: str
    team_b: str
    score_a: int = 0
    score_b: int = 0

    @property
    def winner(self):
        if self.score_a == self.score_b:
            return None
        return self.team_a if self.score_a > self.score_b else self.team_b


@dataclass
class Bracket:
    event: str
    updated: float = field(default_factory=time.time)
    matches: list = field(default_factory=list)

    @classmethod
    def from_csv(cls, path, event):
        bracket = cls(event=event)
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                bracket.matches.append(Match(
                    row["match_id"], row["round"], row["team_a"], row["team_b"],
                    int(row.get("score_a") or 0), int(row.get("score_b") or 0)))
        return bracket


class BracketCache:
    def __init__(self, path=CACHE, max_age=MAX_AGE):
        self.path = path
        self.max_age = max_age

    def load(self):
        if not os.path.exists(self.path):
            return None
        try:
            with open(self.path, "rb") as fh:
                bracket = pickle.load(fh)
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            LOG.warning("cache unreadable (%s), ignoring", exc)
            return None
        if time.time() - bracket.updated > self.max_age:
            LOG.info("cache older than %ss", self.max_age)
            return None
        return bracket

    def save(self, bracket):
        with open(self.path, "wb") as fh:
            pickle.dump(bracket, fh)
        os.chmod(self.path, 0o600)


def render(bracket, sort_key):
    rows = ["MATCH\tROUND\tTEAM_A\tSCORE\tTEAM_B\tWINNER"]
    for m in bracket.matches:
        rows.append(f"{m.match_id}\t{m.round_name}\t{m.team_a}\t"
                    f"{m.score_a}-{m.score_b}\t{m.team_b}\t{m.winner or '-'}")
    with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as fh:
        fh.write("\n".join(rows) + "\n")
        table = fh.name
    env = dict(os.environ, TABLE=table, SORT_COL=str(sort_key), TAB="\t")
    pipeline = ('{ head -n1 "$TABLE"; tail -n +2 "$TABLE" | sort -t"$TAB" -k"$SORT_COL"; }'
                ' | column -t -s"$TAB"')
    try:
        result = subprocess.run(["bash", "-c", pipeline], env=env, check=False)
        if result.returncode != 0:
            LOG.warning("table pipeline exited %d", result.returncode)
    finally:
        os.unlink(table)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--csv", help="bracket export to rebuild the cache from")
    ap.add_argument("--event", default="arena-lan")
    ap.add_argument("--sort", type=int, default=2, help="column to sort by")
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = BracketCache()
    bracket = None if args.refresh else cache.load()
    if bracket is None:
        if not args.csv:
            LOG.error("no fresh cache and no --csv given")
            return 1
        try:
            bracket = Bracket.from_csv(args.csv, args.event)
        except (OSError, KeyError, ValueError) as exc:
            LOG.error("cannot read %s: %s", args.csv, exc)
            return 1
        cache.save(bracket)
        LOG.info("cache rebuilt with %d matches", len(bracket.matches))
    render(bracket, args.sort)
    return 0


if __name__ == "__main__":
    sys.exit(main())
