#!/usr/bin/env python3
"""League handicap calculator.

Reads the weekly averages sheet exported from the league software and works
out per-game and series handicaps for next week's fixtures. Each league
writes its own handicap formula in league.ini, e.g.

    [handicap]
    formula = int((basis - average) * pct)
    basis = 220
    pct = 0.9
"""
import argparse
import configparser
import csv
import json
import logging
import math
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("handicap")

DEFAULT_FORMULA = "int((basis - average) * pct)"


@dataclass
class Bowler:
    name: str
    team: str
    games: int
    pins: int

    @property
    def average(self):
        return self.pins // self.games if self.games else 0


class Formula:
    """Handicap formula as written by the league secretary."""

    helpers = {"int": int, "round": round, "min": min, "max": max,
               "floor": math.floor, "ceil": math.ceil}

    def __init__(self, text, **constants):
        self.text = text.strip() or DEFAULT_FORMULA
        self.constants = constants

    def __call__(self, average, cap=None):
        if average <= 0:
            return 0
        scope = dict(self.helpers, average=average, **self.constants)
        value = eval(self.text, {"__builtins__": {}}, scope)
        value = max(int(value), 0)
        return min(value, cap) if cap is not None else value


def load_league(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"handicap": {"formula": DEFAULT_FORMULA, "basis": "220",
                                "pct": "0.9", "min_games": "3",
                                "entering_average": "150", "games": "3"}})
    if Path(path).exists():
        cfg.read(path)
    else:
        log.info("%s not found, using defaults", path)
    return cfg["handicap"]


def read_averages(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                yield Bowler(
                    name=row["Bowler"].strip(),
                    team=row.get("Team", "").strip(),
                    games=int(row.get("Games", 0) or 0),
                    pins=int(row.get("Pins", 0) or 0),
                )
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %r: %s", row, exc)


def compute(bowlers, formula, section, cap):
    min_games = section.getint("min_games")
    entering = section.getint("entering_average")
    games = section.getint("games")
    for b in bowlers:
        avg = b.average if b.games >= min_games else entering
        hcp = formula(avg, cap)
        yield {"bowler": b.name, "team": b.team, "games": b.games,
               "average": avg, "handicap": hcp, "series_handicap": hcp * games}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Work out league handicaps")
    ap.add_argument("averages", help="averages CSV from the league software")
    ap.add_argument("-l", "--league", default="league.ini")
    ap.add_argument("-o", "--output", default="handicaps.csv")
    ap.add_argument("--cap", type=int)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.averages).is_file():
        log.error("no such file: %s", args.averages)
        return 2
    section = load_league(args.league)
    formula = Formula(section["formula"], basis=section.getint("basis"),
                      pct=section.getfloat("pct"))
    try:
        rows = list(compute(read_averages(args.averages), formula, section, args.cap))
    except (SyntaxError, NameError, TypeError) as exc:
        log.error("bad formula %r: %s", formula.text, exc)
        return 3
    if not rows:
        log.error("no bowlers found")
        return 1
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
        return 0
    with open(args.output, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    log.info("wrote %d handicaps to %s", len(rows), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
