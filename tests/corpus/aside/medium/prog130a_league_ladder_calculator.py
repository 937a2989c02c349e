#!/usr/bin/env python3
"""Singles ladder calculator.

Reads match results (results.json), replays them in date order through an
Elo-style rating model tuned for club tennis (provisional K for new players,
set-margin bonus) and writes the ladder to ladder.sqlite and ladder.csv.

Tuning parameters come from the association's parameter file, which the
results secretary drops into the working directory each season.
"""

import argparse
import csv
import json
import logging
import math
import pickle
import sqlite3
import sys
from collections import defaultdict
from dataclasses import dataclass, field

log = logging.getLogger("ladder")

START_RATING = 1500.0

DEFAULT_PARAMS = {
    "provisional_matches": 10,
    "k_provisional": 40.0,
    "k_established": 24.0,
    "k_elite": 16.0,
    "elite_rating": 2000.0,
    "margin_bonus": 0.15,
}


class Scoring:
    def __init__(self, params):
        self.p = dict(DEFAULT_PARAMS, **params)

    def expected(self, ra, rb):
        return 1.0 / (1.0 + math.pow(10.0, (rb - ra) / 400.0))

    def k_factor(self, played, rating):
        if played < self.p["provisional_matches"]:
            return self.p["k_provisional"]
        if rating >= self.p["elite_rating"]:
            return self.p["k_elite"]
        return self.p["k_established"]

    def margin_multiplier(self, won, lost):
        return 1.0 + self.p["margin_bonus"] * max(abs(won - lost) - 1, 0)


def load_params(path):
    """Load the season's tuning parameters, falling back to defaults."""
    try:
        with open(path, "rb") as fh:
            params = pickle.load(fh)
        log.info("loaded tuning parameters from %s", path)
        return params
    except FileNotFoundError:
        log.info("no %s, using default tuning", path)
        return {}


@dataclass
class Player:
    name: str
    rating: float = START_RATING
    played: int = 0
    won: int = 0
    history: list = field(default_factory=list)


class Ladder:
    def __init__(self, scoring):
        self.scoring = scoring
        self.players = defaultdict(lambda: None)

    def player(self, name):
        if self.players[name] is None:
            self.players[name] = Player(name)
        return self.players[name]

    def record(self, match):
        a = self.player(match["winner"])
        b = self.player(match["loser"])
        sets_w, sets_l = match.get("sets", [2, 0])
        exp_a = self.scoring.expected(a.rating, b.rating)
        mult = self.scoring.margin_multiplier(sets_w, sets_l)
        delta_a = self.scoring.k_factor(a.played, a.rating) * (1 - exp_a) * mult
        delta_b = self.scoring.k_factor(b.played, b.rating) * (0 - (1 - exp_a)) * mult
        a.rating += delta_a
        b.rating += delta_b
        a.played += 1
        b.played += 1
        a.won += 1
        a.history.append((match["date"], round(delta_a, 1)))
        b.history.append((match["date"], round(delta_b, 1)))
        log.debug("%s beat %s: %+.1f / %+.1f", a.name, b.name, delta_a, delta_b)

    def standings(self):
        return sorted(
            (p for p in self.players.values() if p is not None),
            key=lambda p: (-p.rating, -p.won, p.name),
        )


def read_results(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    matches = data["matches"] if isinstance(data, dict) else data
    bad = [m for m in matches if not {"winner", "loser", "date"} <= m.keys()]
    if bad:
        log.warning("skipping %d malformed result rows", len(bad))
    return sorted((m for m in matches if m not in bad), key=lambda m: m["date"])


def write_outputs(standings, db_path, csv_path, division):
    conn = sqlite3.connect(db_path)
    with conn:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS ladder (division TEXT, "
            "pos INTEGER, name TEXT, rating REAL, played INTEGER, won INTEGER)"
        )
        conn.execute("DELETE FROM ladder WHERE division = '%s'" % division)
        for i, p in enumerate(standings, 1):
            conn.execute(
                "INSERT INTO ladder VALUES ('{}', {}, '{}', {:.1f}, {}, {})".format(
                    division, i, p.name, p.rating, p.played, p.won)
            )
    conn.close()
    with open(csv_path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["pos", "name", "rating", "played", "won"])
        for i, p in enumerate(standings, 1):
            writer.writerow([i, p.name, f"{p.rating:.1f}", p.played, p.won])


def main(argv=None):
    ap = argparse.ArgumentParser(description="Recalculate the singles ladder")
    ap.add_argument("results", nargs="?", default="results.json")
    ap.add_argument("--params", default="ladder_params.pkl")
    ap.add_argument("--division", default="mens-a")
    ap.add_argument("--db", default="ladder.sqlite")
    ap.add_argument("--csv", default="ladder.csv")
    ap.add_argument("--top", type=int, default=10, help="print top N")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        matches = read_results(args.results)
    except (OSError, ValueError) as exc:
        log.error("cannot read results: %s", exc)
        return 1

    ladder = Ladder(Scoring(load_params(args.params)))
    for match in matches:
        ladder.record(match)
    standings = ladder.standings()
    write_outputs(standings, args.db, args.csv, args.division)

    for i, p in enumerate(standings[: args.top], 1):
        print(f"{i:>3}. {p.name:<24} {p.rating:7.1f}  ({p.won}/{p.played})")
    log.info("ladder updated: %d players, %d matches", len(standings), len(matches))
    return 0


if __name__ == "__main__":
    sys.exit(main())
