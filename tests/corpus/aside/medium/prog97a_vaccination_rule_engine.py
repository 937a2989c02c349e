#!/usr/bin/env python3
"""Vaccination rule engine for boarding check-in.

Reads the vaccination export from the practice system (CSV), works out when
each required vaccine falls due again, and flags pets that will be out of
date during their booked stay. The validity rules differ per site and per
insurer, so they live in a rules file that the managers edit themselves:

    [dog]
    DHPP  = 36
    Lepto = 12
    KC    = 6 if age_years < 1 else 12

    [cat]
    FVRCP = 36 if indoor else 12
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("vaxrules")


def add_months(d, n):
    y, m = divmod(d.month - 1 + n, 12)
    year = d.year + y
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    days = [31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m]
    return dt.date(year, m + 1, min(d.day, days))


def parse_date(value):
    for fmt in ("%Y-%m-%d", "%d/%m/%Y"):
        try:
            return dt.datetime.strptime(value.strip(), fmt).date()
        except ValueError:
            continue
    raise ValueError(f"unrecognised date {value!r}")


class RuleSet:
    def __init__(self, path):
        self.cp = configparser.ConfigParser()
        self.cp.optionxform = str  # keep vaccine names as written
        if not self.cp.read(path):
            raise FileNotFoundError(path)

    def required(self, species):
        return list(self.cp[species]) if self.cp.has_section(species) else []

    def months(self, species, vaccine, pet):
        expr = self.cp[species][vaccine]
        scope = {"age_years": pet["age_years"], "indoor": pet["indoor"],
                 "weight_kg": pet["weight_kg"], "min": min, "max": max}
        return int(eval(expr, {"__builtins__": {}}, scope))


def load_records(path):
    pets = {}
    doses = defaultdict(dict)
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                pid = row["pet_id"]
                pets[pid] = {
                    "name": row["pet_name"],
                    "species": row["species"].strip().lower(),
                    "owner": row["owner"],
                    "age_years": float(row.get("age_years") or 0),
                    "indoor": row.get("indoor", "").lower() in ("y", "yes", "1"),
                    "weight_kg": float(row.get("weight_kg") or 0),
                    "stay_start": parse_date(row["stay_start"]),
                    "stay_end": parse_date(row["stay_end"]),
                }
                given = parse_date(row["given_on"])
                prev = doses[pid].get(row["vaccine"])
                if prev is None or given > prev:
                    doses[pid][row["vaccine"]] = given
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", lineno, exc)
    return pets, doses


def check_pet(rules, pet, given):
    for vaccine in rules.required(pet["species"]):
        if vaccine not in given:
            yield vaccine, "missing", None
            continue
        due = add_months(given[vaccine], rules.months(pet["species"], vaccine, pet))
        if due <= pet["stay_end"]:
            yield vaccine, ("expires during stay" if due > pet["stay_start"]
                            else "expired"), due


def main(argv=None):
    ap = argparse.ArgumentParser(description="Flag pets with vaccinations lapsing during a stay")
    ap.add_argument("export", type=Path, help="vaccination CSV export")
    ap.add_argument("-r", "--rules", type=Path, default=Path("vaccine_rules.ini"))
    ap.add_argument("-o", "--output", type=Path, default=Path("vaccination_flags.csv"))
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        rules = RuleSet(args.rules)
    except FileNotFoundError:
        log.error("rules file %s not found", args.rules)
        return 1

    pets, doses = load_records(args.export)
    flagged = 0
    with open(args.output, "w", newline="") as out:
        w = csv.writer(out)
        w.writerow(["pet_id", "pet", "owner", "vaccine", "status", "due"])
        for pid, pet in sorted(pets.items(), key=lambda kv: kv[1]["stay_start"]):
            try:
                for vaccine, status, due in check_pet(rules, pet, doses[pid]):
                    flagged += 1
                    w.writerow([pid, pet["name"], pet["owner"], vaccine, status,
                                due.isoformat() if due else ""])
            except Exception as exc:
                log.error("rule error for %s (%s): %s", pet["name"], pid, exc)
    log.info("%d pets checked, %d issues written to %s", len(pets), flagged, args.output)
    return 3 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
