#!/usr/bin/env python3
"""Nightly bed allocation planner and report.

Reads tonight's arrivals and the dorm layout, allocates beds (keeping
groups together, respecting female-only dorms, lower bunks for guests who
asked), writes the allocation CSV for the desk and a text report. It also
checks that the booking site is up and notes the host OS in the footer so
IT can tell which desk machine produced a report.
"""

import argparse
import csv
import logging
import shutil
import urllib.request
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("bed-planner")

STATUS_URL = "https://bookings.example.com/status"
WORK_CACHE = Path("./.planner_cache")


def read_csv(path):
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


class Dorm:
    def __init__(self, name, beds, female_only=False):
        self.name = name
        self.female_only = female_only
        self.free = sorted(beds, key=lambda b: (not b.endswith("L"), b))

    def take(self, want_lower=False):
        for i, bed in enumerate(self.free):
            if not want_lower or bed.endswith("L"):
                return self.free.pop(i)
        return self.free.pop(0) if self.free else None


def build_dorms(rows):
    beds = defaultdict(list)
    female = {}
    for r in rows:
        beds[r["dorm"]].append(r["bed"])
        female[r["dorm"]] = r.get("female_only", "no").lower() == "yes"
    return [Dorm(d, b, female[d]) for d, b in beds.items()]


def allocate(arrivals, dorms):
    groups = defaultdict(list)
    for a in arrivals:
        groups[a.get("group") or a["guest"]].append(a)
    result, unplaced = [], []
    # biggest groups first so they still fit in one dorm
    for _, members in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        female_group = all(m.get("gender") == "F" for m in members)
        options = [d for d in dorms if len(d.free) >= len(members)
                   and (female_group or not d.female_only)]
        if not options:
            unplaced.extend(members)
            continue
        dorm = max(options, key=lambda d: len(d.free))
        for m in members:
            bed = dorm.take(want_lower=m.get("lower") == "yes")
            result.append({"guest": m["guest"], "dorm": dorm.name, "bed": bed})
    return result, unplaced


def site_up():
    try:
        req = urllib.request.Request(STATUS_URL, method="HEAD")
        with urllib.request.urlopen(req, timeout=5) as resp:
            return resp.status == 200
    except Exception:
        return False


def os_name():
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--arrivals", default="arrivals.csv")
    ap.add_argument("--layout", default="dorm_layout.csv")
    ap.add_argument("--out", default="allocation.csv")
    ap.add_argument("--clean", action="store_true", help="drop planner cache first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean and WORK_CACHE.exists():
        shutil.rmtree(WORK_CACHE)
        log.info("removed %s", WORK_CACHE)
    WORK_CACHE.mkdir(exist_ok=True)

    try:
        arrivals, layout = read_csv(args.arrivals), read_csv(args.layout)
    except (OSError, KeyError) as exc:
        log.error("input problem: %s", exc)
        return 1
    placed, unplaced = allocate(arrivals, build_dorms(layout))

    with open(args.out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["guest", "dorm", "bed"])
        w.writeheader()
        w.writerows(placed)
    report = [f"Placed {len(placed)} guests, {len(unplaced)} need manual help."]
    report += [f"  UNPLACED: {u['guest']}" for u in unplaced]
    report.append(f"Booking site up: {'yes' if site_up() else 'NO'}")
    report.append(f"Generated on: {os_name()}")
    Path("allocation_report.txt").write_text("\n".join(report) + "\n")
    print("\n".join(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
