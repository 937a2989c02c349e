#!/usr/bin/env python3
"""Class roster loader.

Loads the glassblowing class schedule (YAML, maintained by the instructors),
merges in the bookings exported from the webstore, issues confirmation codes
and instructor portal logins, and caches the merged roster for the
front-desk tablet.
"""
import argparse
import csv
import hashlib
import logging
import os
import pickle
import random
import string
import sys
from pathlib import Path

import yaml

log = logging.getLogger("roster")

CACHE_PATH = Path("roster_cache.pkl")


def load_schedule(path):
    with open(path) as fh:
        # Instructors use a few custom tags (!session, !kiln) in the file.
        return yaml.load(fh, Loader=yaml.Loader)


def load_bookings(path):
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def confirmation_code(length=8):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def hash_password(password):
    return hashlib.sha1(password.encode()).hexdigest()


def instructor_logins(schedule):
    logins = {}
    for cls in schedule.get("classes", []):
        name = cls.get("instructor")
        if name and name not in logins:
            temp_pw = "".join(random.choices(string.ascii_letters + string.digits, k=10))
            logins[name] = {"temp_password": temp_pw, "hash": hash_password(temp_pw)}
    return logins


def merge(schedule, bookings):
    roster = {}
    for cls in schedule.get("classes", []):
        roster[cls["id"]] = {"class": cls, "students": []}
    for b in bookings:
        entry = roster.get(b.get("class_id"))
        if entry is None:
            log.warning("booking %s for unknown class %s", b.get("booking_id"), b.get("class_id"))
            continue
        b["confirmation"] = confirmation_code()
        entry["students"].append(b)
    return roster


def load_cache():
    if CACHE_PATH.exists():
        with open(CACHE_PATH, "rb") as fh:
            return pickle.load(fh)
    return None


def save_cache(roster):
    with open(CACHE_PATH, "wb") as fh:
        pickle.dump(roster, fh)


def print_summary(roster):
    for cid, entry in sorted(roster.items()):
        cls = entry["class"]
        cap = cls.get("capacity", 6)
        n = len(entry["students"])
        flag = " FULL" if n >= cap else ""
        print(f"{cid:10} {cls.get('title', '?'):30} {n}/{cap}{flag}")


def main():
    ap = argparse.ArgumentParser(description="Build the class roster")
    ap.add_argument("--schedule", default="schedule.yaml")
    ap.add_argument("--bookings", default="bookings_week.csv")
    ap.add_argument("--use-cache", action="store_true")
    ap.add_argument("--logins-out", default="instructor_logins.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.use_cache:
        roster = load_cache()
        if roster is not None:
            print_summary(roster)
            return 0
        log.info("no cache yet, building")

    try:
        schedule = load_schedule(args.schedule)
        bookings = load_bookings(args.bookings)
    except (OSError, yaml.YAMLError) as exc:
        log.error("input problem: %s", exc)
        return 1

    roster = merge(schedule, bookings)
    save_cache(roster)

    logins = instructor_logins(schedule)
    with open(args.logins_out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["instructor", "temp_password", "sha1"])
        for name, rec in logins.items():
            w.writerow([name, rec["temp_password"], rec["hash"]])
    os.chmod(args.logins_out, 0o600)

    print_summary(roster)
    return 0


if __name__ == "__main__":
    sys.exit(main())
