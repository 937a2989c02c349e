#!/usr/bin/env python3
"""Load feeding plans from the vets' export and build the daily meal sheet.

The clinic sends a tarball of YAML plans (one per pet). We unpack it,
parse the plans, cache the parsed result and print the meal sheet for
the day, grouped by feeding time.
"""

import argparse
import logging
import os
import pickle
import tarfile
from collections import defaultdict

import yaml

log = logging.getLogger("feeding-plans")

CACHE_FILE = "feeding_plans.pkl"
WORK_DIR = "/tmp/feeding_plans"


def unpack(archive, dest=WORK_DIR):
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(archive, "r:*") as tar:
        tar.extractall(dest)
    log.info("unpacked %s into %s", archive, dest)
    return dest


def parse_plans(folder):
    plans = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith((".yml", ".yaml")):
            continue
        with open(os.path.join(folder, name), "r", encoding="utf-8") as fh:
            try:
                doc = yaml.load(fh, Loader=yaml.Loader)
            except yaml.YAMLError as exc:
                log.warning("bad plan %s: %s", name, exc)
                continue
        if isinstance(doc, dict) and "pet" in doc:
            plans.append(doc)
    return plans


def load_cache(archive):
    if not os.path.exists(CACHE_FILE):
        return None
    if os.path.getmtime(CACHE_FILE) < os.path.getmtime(archive):
        return None
    with open(CACHE_FILE, "rb") as fh:
        return pickle.load(fh)


def save_cache(plans):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(plans, fh)


class MealSheet:
    def __init__(self, plans):
        self.by_time = defaultdict(list)
        for plan in plans:
            for meal in plan.get("meals", []):
                self.by_time[meal.get("time", "??:??")].append((plan, meal))

    def render(self):
        lines = []
        for when in sorted(self.by_time):
            lines.append("== %s ==" % when)
            for plan, meal in self.by_time[when]:
                extra = ""
                if plan.get("allergies"):
                    extra = "  !! allergies: " + ", ".join(plan["allergies"])
                lines.append("  pen %-5s %-12s %-20s %sg%s" % (
                    plan.get("pen", "?"), plan["pet"], meal.get("food", "?"),
                    meal.get("grams", "?"), extra))
        return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("archive", help="tarball of YAML plans from the clinic")
    parser.add_argument("--refresh", action="store_true", help="ignore the cache")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(args.archive):
        log.error("archive %s not found", args.archive)
        return 1

    plans = None if args.refresh else load_cache(args.archive)
    if plans is None:
        folder = unpack(args.archive)
        plans = parse_plans(folder)
        save_cache(plans)
        log.info("parsed %d plans", len(plans))
    else:
        log.info("using cached plans (%d)", len(plans))

    print(MealSheet(plans).render())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
