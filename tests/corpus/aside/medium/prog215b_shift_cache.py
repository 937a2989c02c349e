#!/usr/bin/env python3
"""Weekly volunteer shift planner with a local cache.

Parses the volunteer availability CSV into shift slots, caches the parsed
plan between runs, and exports the week's plan with a small generated
shell script that the coordinators can also rerun by hand.
"""
import argparse
import csv
import logging
import os
import pickle
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("shift-cache")

CACHE_DIR = Path(".cache")
SLOTS = ("morning", "afternoon", "evening")


class WeekPlan:
    def __init__(self, week):
        self.week = week
        self.slots = defaultdict(list)  # (day, slot) -> [names]

    def add(self, day, slot, name):
        if slot not in SLOTS:
            raise ValueError(f"unknown slot {slot!r}")
        self.slots[(day, slot)].append(name)

    def understaffed(self, minimum):
        return {k: v for k, v in self.slots.items() if len(v) < minimum}

    def rows(self):
        for (day, slot), names in sorted(self.slots.items()):
            yield day, slot, len(names), ";".join(sorted(names))


def build_plan(csv_path, week):
    plan = WeekPlan(week)
    with open(csv_path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("week") != week:
                continue
            for slot in SLOTS:
                if row.get(slot, "").strip().lower() in ("y", "yes", "1"):
                    plan.add(row["day"], slot, row["name"])
    return plan


def load_cached(week, source_mtime):
    path = CACHE_DIR / f"plan_{week}.pkl"
    if not path.exists() or path.stat().st_mtime < source_mtime:
        return None
    with open(path, "rb") as fh:
        plan = pickle.load(fh)
    log.info("loaded cached plan from %s", path)
    return plan


def store_cache(plan):
    CACHE_DIR.mkdir(exist_ok=True)
    path = CACHE_DIR / f"plan_{plan.week}.pkl"
    with open(path, "wb") as fh:
        pickle.dump(plan, fh)
    log.debug("cached plan at %s", path)


def export(plan, out_csv):
    rows_file = CACHE_DIR / f"rows_{plan.week}.tsv"
    with open(rows_file, "w") as fh:
        for r in plan.rows():
            fh.write("\t".join(str(x) for x in r) + "\n")
    script = Path(f"export_{plan.week}.sh")
    script.write_text(
        "#!/bin/bash\n"
        "set -e\n"
        'echo "day,slot,count,volunteers" > "$OUT_CSV"\n'
        'tr "\\t" "," < "$ROWS_FILE" >> "$OUT_CSV"\n'
        'echo "exported $(($(wc -l < "$OUT_CSV") - 1)) slots to $OUT_CSV"\n'
    )
    script.chmod(0o700)
    env = dict(os.environ, OUT_CSV=out_csv, ROWS_FILE=str(rows_file))
    proc = subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip())
    log.info(proc.stdout.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--availability", default="availability.csv")
    ap.add_argument("--week", required=True, help="ISO week, e.g. 2024-W18")
    ap.add_argument("--min-staff", type=int, default=3)
    ap.add_argument("--out", default="week_plan.csv")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        mtime = os.path.getmtime(args.availability)
    except OSError:
        log.error("cannot read %s", args.availability)
        return 1
    plan = None if args.no_cache else load_cached(args.week, mtime)
    if plan is None:
        plan = build_plan(args.availability, args.week)
        store_cache(plan)
    for (day, slot), names in sorted(plan.understaffed(args.min_staff).items()):
        log.warning("%s %s has only %d volunteer(s)", day, slot, len(names))
    try:
        export(plan, args.out)
    except RuntimeError as exc:
        log.error("export failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
