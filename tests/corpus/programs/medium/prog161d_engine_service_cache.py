#!/usr/bin/env python3
"""Engine service due-list for the boatyard workshop.

Reads the workshop's service intervals from a YAML file, merges in the engine
hour readings the mechanics log, and prints which engines are due. Parsed
records are cached between runs because the hour logs get large.
"""

import argparse
import csv
import datetime as dt
import logging
import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path

import yaml

log = logging.getLogger("service_due")

CACHE_FILE = Path(os.environ.get("SERVICE_CACHE", ".service_cache.pkl"))


@dataclass
class Engine:
    vessel: str
    make: str
    model: str
    hours: float = 0.0
    last_service_hours: float = 0.0
    last_service_date: str = ""
    notes: list = field(default_factory=list)


def load_intervals(path):
    with open(path) as fh:
        data = yaml.load(fh, Loader=yaml.Loader)
    intervals = {}
    for make, spec in (data or {}).get("makes", {}).items():
        intervals[make.lower()] = {
            "hours": float(spec.get("hours", 250)),
            "months": int(spec.get("months", 12)),
        }
    return intervals


def load_cache():
    if not CACHE_FILE.exists():
        return {}
    try:
        with CACHE_FILE.open("rb") as fh:
            return pickle.load(fh)
    except (pickle.UnpicklingError, EOFError):
        log.warning("cache unreadable, rebuilding")
        return {}


def save_cache(engines):
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(engines, fh)


def merge_hour_log(engines, log_path):
    with open(log_path, newline="") as fh:
        for row in csv.DictReader(fh):
            key = row["vessel"].strip()
            eng = engines.get(key)
            if eng is None:
                eng = Engine(key, row.get("make", "").strip(), row.get("model", "").strip())
                engines[key] = eng
            hours = float(row["hours"])
            eng.hours = max(eng.hours, hours)
            if row.get("serviced", "").lower() == "yes":
                eng.last_service_hours = hours
                eng.last_service_date = row.get("date", "")
    return engines


def due_reason(eng, intervals, today):
    spec = intervals.get(eng.make.lower(), {"hours": 250, "months": 12})
    since = eng.hours - eng.last_service_hours
    if since >= spec["hours"]:
        return f"{since:.0f} h since last service (limit {spec['hours']:.0f})"
    if eng.last_service_date:
        last = dt.date.fromisoformat(eng.last_service_date)
        months = (today.year - last.year) * 12 + today.month - last.month
        if months >= spec["months"]:
            return f"{months} months since last service"
    elif eng.hours:
        return "no service on record"
    return None


def main():
    ap = argparse.ArgumentParser(description="Engine service due-list")
    ap.add_argument("--intervals", default="service_intervals.yaml")
    ap.add_argument("--hours-log", default="engine_hours.csv")
    ap.add_argument("--rebuild", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    intervals = load_intervals(args.intervals)
    engines = {} if args.rebuild else load_cache()
    if Path(args.hours_log).exists():
        merge_hour_log(engines, args.hours_log)
    save_cache(engines)

    today = dt.date.today()
    due = []
    for eng in sorted(engines.values(), key=lambda e: e.vessel):
        reason = due_reason(eng, intervals, today)
        if reason:
            due.append((eng, reason))
    for eng, reason in due:
        print(f"{eng.vessel:<22} {eng.make} {eng.model:<14} {reason}")
    log.info("%d of %d engines due", len(due), len(engines))


if __name__ == "__main__":
    main()
