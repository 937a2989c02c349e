#!/usr/bin/env python3
"""Build a reception seating chart from the guest list.

Guests come from a JSON export of the planner app (id, name, side, party,
age, avoid list). Tables are filled greedily and then improved by random
pairwise swaps. Couples can tune the scoring with their own rules file:
each rule is a condition over two guests `a` and `b` plus a penalty, e.g.

    {"pair": [{"when": "a['side'] != b['side']", "penalty": 1},
              {"when": "'exes' in a.get('tags', [])", "penalty": 30}]}
"""

import argparse
import csv
import json
import logging
import random
from itertools import combinations
from pathlib import Path

log = logging.getLogger("seating")

DEFAULT_RULES = {
    "pair": [
        {"when": "a.get('party') and a.get('party') == b.get('party')", "penalty": -4},
        {"when": "b['id'] in a.get('avoid', ()) or a['id'] in b.get('avoid', ())", "penalty": 50},
        {"when": "a.get('side') != b.get('side')", "penalty": 1},
    ],
}


class RuleSet:
    def __init__(self, spec):
        self.pair_rules = []
        for rule in spec.get("pair", []):
            code = compile(rule["when"], "<rule>", "eval")
            self.pair_rules.append((code, int(rule["penalty"])))

    def pair(self, a, b):
        total = 0
        for code, penalty in self.pair_rules:
            if eval(code, {"__builtins__": {}}, {"a": a, "b": b}):
                total += penalty
        return total

    def table(self, members, capacity):
        kids = sum(1 for m in members if m.get("age", 35) < 12)
        return 3 * max(0, kids - 4) + 10 * max(0, len(members) - capacity)


class SeatingChart:
    def __init__(self, guests, n_tables, capacity, rules, seed=None):
        self.guests = {g["id"]: g for g in guests}
        self.n_tables = n_tables
        self.capacity = capacity
        self.rules = rules
        self.rng = random.Random(seed)
        self.tables = [[] for _ in range(n_tables)]

    def table_score(self, members):
        people = [self.guests[m] for m in members]
        s = self.rules.table(people, self.capacity)
        for a, b in combinations(people, 2):
            s += self.rules.pair(a, b)
        return s

    def total(self):
        return sum(self.table_score(t) for t in self.tables)

    def seed_greedy(self):
        parties = {}
        for g in self.guests.values():
            parties.setdefault(g.get("party") or g["id"], []).append(g["id"])
        for members in sorted(parties.values(), key=len, reverse=True):
            best = min(range(self.n_tables),
                       key=lambda i: (len(self.tables[i]) + len(members) > self.capacity,
                                      self.table_score(self.tables[i] + members)))
            self.tables[best].extend(members)

    def improve(self, rounds=20000):
        current = self.total()
        for _ in range(rounds):
            i, j = self.rng.sample(range(self.n_tables), 2)
            if not self.tables[i] or not self.tables[j]:
                continue
            a = self.rng.randrange(len(self.tables[i]))
            b = self.rng.randrange(len(self.tables[j]))
            before = self.table_score(self.tables[i]) + self.table_score(self.tables[j])
            self.tables[i][a], self.tables[j][b] = self.tables[j][b], self.tables[i][a]
            after = self.table_score(self.tables[i]) + self.table_score(self.tables[j])
            if after <= before:
                current += after - before
            else:
                self.tables[i][a], self.tables[j][b] = self.tables[j][b], self.tables[i][a]
        return current

    def write_csv(self, path, names):
        with open(path, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["table", "seat", "guest", "side", "party"])
            for t, members in enumerate(self.tables, start=1):
                for seat, gid in enumerate(members, start=1):
                    g = self.guests[gid]
                    w.writerow([names.get(t, f"Table {t}"), seat, g["name"],
                                g.get("side", ""), g.get("party", "")])


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("guests", help="guests.json exported from the planner app")
    ap.add_argument("--tables", type=int, required=True)
    ap.add_argument("--capacity", type=int, default=10)
    ap.add_argument("--rules", help="couple's rules JSON (see above)")
    ap.add_argument("--names", help="JSON file mapping table number to a name")
    ap.add_argument("--rounds", type=int, default=20000)
    ap.add_argument("--seed", type=int)
    ap.add_argument("-o", "--output", default="seating_chart.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    guests = json.loads(Path(args.guests).read_text(encoding="utf-8"))
    if len(guests) > args.tables * args.capacity:
        log.error("%d guests do not fit %d tables of %d", len(guests), args.tables, args.capacity)
        return 1
    spec = DEFAULT_RULES
    if args.rules:
        spec = json.loads(Path(args.rules).read_text(encoding="utf-8"))
    try:
        rules = RuleSet(spec)
    except (SyntaxError, KeyError, ValueError) as exc:
        log.error("bad rules file: %s", exc)
        return 1
    names = {}
    if args.names:
        names = {int(k): v for k, v in json.loads(Path(args.names).read_text()).items()}

    chart = SeatingChart(guests, args.tables, args.capacity, rules, seed=args.seed)
    chart.seed_greedy()
    log.info("greedy score %d", chart.total())
    log.info("final score %d", chart.improve(args.rounds))
    chart.write_csv(args.output, names)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
