#!/usr/bin/env python3
"""Export the kitchen allergy matrix for upcoming parties.

For every party in the next N days, lists each child with a declared allergy
or dietary need, plus a per-party allergen matrix (the 14 UK FSA allergens)
so the kitchen can plan the party food. Output goes to ./exports as CSV
files readable only by the kitchen account.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("allergy_matrix")

FSA_ALLERGENS = [
    "celery", "gluten", "crustaceans", "eggs", "fish", "lupin", "milk",
    "molluscs", "mustard", "peanuts", "sesame", "soya", "sulphites", "tree nuts",
]

QUERY = """
SELECT b.booking_ref, b.party_date, b.room, c.child_first_name, c.age,
       a.allergen, a.severity, a.epipen, a.notes
FROM   bookings b
JOIN   children c  ON c.booking_id = b.id
JOIN   allergies a ON a.child_id = c.id
WHERE  b.party_date BETWEEN ? AND ?
  AND  b.status = ?
ORDER  BY b.party_date, b.booking_ref, c.child_first_name
"""


def fetch_rows(db_path, days, status):
    start = date.today()
    end = start + timedelta(days=days)
    with sqlite3.connect(db_path) as conn:
        conn.row_factory = sqlite3.Row
        return conn.execute(QUERY, (start.isoformat(), end.isoformat(), status)).fetchall()


def normalise(allergen):
    a = allergen.strip().lower()
    aliases = {"nuts": "tree nuts", "dairy": "milk", "wheat": "gluten", "egg": "eggs"}
    return aliases.get(a, a)


def write_detail(rows, out_dir, stamp):
    path = out_dir / f"allergy_detail_{stamp}.csv"
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["booking_ref", "party_date", "room", "child", "age",
                    "allergen", "severity", "epipen", "notes"])
        for r in rows:
            w.writerow([r["booking_ref"], r["party_date"], r["room"], r["child_first_name"],
                        r["age"], normalise(r["allergen"]), r["severity"],
                        "YES" if r["epipen"] else "", r["notes"] or ""])
    os.chmod(path, 0o600)
    return path


def write_matrix(rows, out_dir, stamp):
    matrix = defaultdict(lambda: defaultdict(int))
    other = defaultdict(set)
    for r in rows:
        key = (r["booking_ref"], r["party_date"])
        a = normalise(r["allergen"])
        if a in FSA_ALLERGENS:
            matrix[key][a] += 1
        else:
            other[key].add(a)
    path = out_dir / f"allergy_matrix_{stamp}.csv"
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["booking_ref", "party_date"] + FSA_ALLERGENS + ["other"])
        for key in sorted(set(matrix) | set(other), key=lambda k: (k[1], k[0])):
            counts = [matrix[key].get(a, 0) or "" for a in FSA_ALLERGENS]
            w.writerow([key[0], key[1]] + counts + ["; ".join(sorted(other[key]))])
    os.chmod(path, 0o600)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="register.db")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--status", default="confirmed")
    ap.add_argument("--out", type=Path, default=Path("exports"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not Path(args.db).exists():
        log.error("register database %s not found", args.db)
        return 1
    try:
        rows = fetch_rows(args.db, args.days, args.status)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1

    args.out.mkdir(parents=True, exist_ok=True)
    stamp = date.today().strftime("%Y%m%d")
    detail = write_detail(rows, args.out, stamp)
    matrix = write_matrix(rows, args.out, stamp)
    epipens = sum(1 for r in rows if r["epipen"])
    log.info("%d allergy rows, %d EpiPen carriers -> %s, %s",
             len(rows), epipens, detail, matrix)
    return 0


if __name__ == "__main__":
    sys.exit(main())
