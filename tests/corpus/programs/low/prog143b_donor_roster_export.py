#!/usr/bin/env python3
"""Build the weekly donor session roster for the collection teams.

Merges the appointment export with the staff rota, writes one roster per
session site, and clears the script's own intermediate cache afterwards.
"""
import argparse
import csv
import logging
import os
import shutil
import tempfile
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("roster")

WORK_CACHE = Path(".roster_cache")


def worker_count():
    """One worker per core, read from /proc/cpuinfo, capped at 8."""
    try:
        with open("/proc/cpuinfo") as fh:
            n = sum(1 for line in fh if line.startswith("processor"))
    except OSError:
        n = 1
    return max(1, min(n, 8))


def read_csv(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        return list(csv.DictReader(fh))


def group_by_site(appointments, rota):
    staff = defaultdict(list)
    for r in rota:
        staff[(r["site"], r["date"])].append(r["name"])
    sites = defaultdict(list)
    for a in appointments:
        key = (a["site"], a["date"])
        a = dict(a)
        a["team"] = ", ".join(staff.get(key, [])) or "UNSTAFFED"
        sites[a["site"]].append(a)
    return sites


def write_roster(site, rows, out_dir):
    rows.sort(key=lambda r: (r["date"], r["time"]))
    WORK_CACHE.mkdir(exist_ok=True)
    fd, tmp = tempfile.mkstemp(suffix=".csv", dir=WORK_CACHE)
    with os.fdopen(fd, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["date", "time", "donor_ref", "team"], extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    dest = Path(out_dir) / ("roster_%s.csv" % site.lower().replace(" ", "_"))
    shutil.move(tmp, dest)
    os.chmod(dest, 0o600)
    unstaffed = sum(1 for r in rows if r["team"] == "UNSTAFFED")
    return dest, len(rows), unstaffed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--appointments", default="appointments.csv")
    ap.add_argument("--rota", default="rota.csv")
    ap.add_argument("--out", default="rosters")
    ap.add_argument("--keep-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        appts = read_csv(args.appointments)
        rota = read_csv(args.rota)
    except (OSError, KeyError) as exc:
        log.error("input problem: %s", exc)
        return 1
    Path(args.out).mkdir(exist_ok=True)
    sites = group_by_site(appts, rota)
    with ThreadPoolExecutor(max_workers=worker_count()) as pool:
        futures = [pool.submit(write_roster, s, rows, args.out) for s, rows in sites.items()]
        for fut in futures:
            try:
                dest, n, unstaffed = fut.result()
                log.info("%s: %d appointments%s", dest.name, n,
                         " (%d unstaffed)" % unstaffed if unstaffed else "")
            except OSError as exc:
                log.error("write failed: %s", exc)
    if not args.keep_cache and WORK_CACHE.exists():
        shutil.rmtree(WORK_CACHE)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
