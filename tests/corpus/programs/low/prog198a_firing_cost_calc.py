#!/usr/bin/env python3
"""Works out what each kiln firing cost in electricity and splits it across
the members whose pieces were on the shelves."""

import argparse
import csv
import logging
import sys
from collections import defaultdict
from dataclasses import dataclass

LOG = logging.getLogger("firing-cost")


@dataclass
class Firing:
    firing_id: str
    kiln: str
    hours: float
    shelf_share: dict


KILN_KW = {"skutt1027": 11.5, "paragon": 9.6, "testkiln": 2.4}
DUTY_CYCLE = {"bisque": 0.55, "glaze": 0.7, "test": 0.6}


def load_firings(path):
    firings = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                share = {}
                for part in row["members"].split(";"):
                    if not part.strip():
                        continue
                    name, _, pct = part.partition(":")
                    share[name.strip()] = float(pct or 0)
                firings.append(Firing(row["id"], row["kiln"], float(row["hours"]), share))
                firings[-1].kind = row.get("kind", "glaze")
            except (KeyError, ValueError) as exc:
                LOG.warning("skipping row %s: %s", row.get("id", "?"), exc)
    return firings


def firing_cost(f, rate):
    kw = KILN_KW.get(f.kiln)
    if kw is None:
        raise ValueError(f"unknown kiln {f.kiln}")
    duty = DUTY_CYCLE.get(getattr(f, "kind", "glaze"), 0.65)
    return kw * f.hours * duty * rate


def split(f, cost):
    total = sum(f.shelf_share.values()) or 1.0
    return {m: cost * pct / total for m, pct in f.shelf_share.items()}


def main():
    ap = argparse.ArgumentParser(description="Split kiln electricity cost across members")
    ap.add_argument("firings_csv")
    ap.add_argument("--rate", type=float, default=0.18, help="price per kWh")
    ap.add_argument("--out", default="member_charges.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        firings = load_firings(args.firings_csv)
    except OSError as exc:
        LOG.error("cannot read %s: %s", args.firings_csv, exc)
        return 1

    per_member = defaultdict(float)
    grand = 0.0
    for f in firings:
        try:
            cost = firing_cost(f, args.rate)
        except ValueError as exc:
            LOG.warning("%s: %s", f.firing_id, exc)
            continue
        grand += cost
        for member, amount in split(f, cost).items():
            per_member[member] += amount
        print(f"{f.firing_id:<10} {f.kiln:<10} {f.hours:5.1f} h  {cost:7.2f}")

    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["member", "charge"])
        for member in sorted(per_member):
            w.writerow([member, f"{per_member[member]:.2f}"])
    print(f"total {grand:.2f} across {len(per_member)} members -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
