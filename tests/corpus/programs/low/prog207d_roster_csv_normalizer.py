#!/usr/bin/env python3
"""Normalises a registration export into the league's roster format (names,
positions, jersey numbers, birth years) and optionally submits it."""

import argparse
import csv
import json
import logging
import os
import re
import sys
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("roster_normalizer")

SUBMIT_URL = os.environ.get("LEAGUE_ROSTER_URL", "https://api.example.com/v1/rosters")
POSITIONS = {"a": "attack", "att": "attack", "m": "midfield", "mid": "midfield",
             "d": "defense", "def": "defense", "lsm": "defense", "g": "goalie",
             "gk": "goalie", "fo": "midfield"}
CHECKS = []


def check(fn):
    CHECKS.append(fn)
    return fn


@dataclass
class Player:
    first: str
    last: str
    position: str
    jersey: int
    birth_year: int


def clean_name(value):
    return " ".join(part.capitalize() for part in re.split(r"\s+", value.strip()) if part)


def to_player(row):
    pos = POSITIONS.get(row.get("position", "").strip().lower(), "midfield")
    return Player(clean_name(row["first_name"]), clean_name(row["last_name"]), pos,
                  int(re.sub(r"\D", "", row.get("jersey", "") or "0") or 0),
                  int(row.get("dob", "0000")[:4]))


@check
def jersey_range(players):
    return [f"{p.first} {p.last}: jersey {p.jersey} out of range"
            for p in players if not 0 < p.jersey < 100]


@check
def jersey_unique(players):
    seen, issues = {}, []
    for p in players:
        if p.jersey in seen:
            issues.append(f"jersey {p.jersey} used by {seen[p.jersey]} and {p.last}")
        seen[p.jersey] = p.last
    return issues


def submit(team, players, key, timeout):
    body = json.dumps({"team": team, "players": [asdict(p) for p in players]}).encode()
    req = urllib.request.Request(SUBMIT_URL, data=body, method="POST", headers={
        "Content-Type": "application/json", "Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", type=Path)
    ap.add_argument("--team", required=True)
    ap.add_argument("--out", type=Path, default=Path("roster.json"))
    ap.add_argument("--submit", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    players = []
    with args.export.open(newline="", encoding="utf-8-sig") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                players.append(to_player(row))
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", n, exc)
    issues = [msg for fn in CHECKS for msg in fn(players)]
    for msg in issues:
        log.warning(msg)
    players.sort(key=lambda p: (p.position, p.jersey))
    args.out.write_text(json.dumps([asdict(p) for p in players], indent=2), encoding="utf-8")
    log.info("%d players written to %s", len(players), args.out)
    if not args.submit:
        return 0
    key = os.environ.get("LEAGUE_API_KEY")
    if not key or issues:
        log.error("not submitting: %s", "missing LEAGUE_API_KEY" if not key else "fix issues first")
        return 1
    try:
        log.info("league accepted roster (HTTP %s)", submit(args.team, players, key, 15))
    except (urllib.error.URLError, OSError) as exc:
        log.error("submit failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
