#!/usr/bin/env python3
"""Weekly resin batch report for QA.

Reads the pour records from the batch database, flags pours whose cure
temperature or mix ratio drifted outside the spec in the YAML config, and
writes a CSV plus a cached summary the dashboard reuses.
"""

import argparse
import csv
import logging
import pickle
import sqlite3
import subprocess
from datetime import date, timedelta
from pathlib import Path

import yaml

log = logging.getLogger("resin_report")

CACHE_FILE = Path("./.resin_summary.pkl")


def load_spec(path):
    with open(path, "r", encoding="utf-8") as fh:
        # spec files use a couple of custom tags from the old QA tool
        return yaml.load(fh, Loader=yaml.Loader)


def week_bounds(iso_week):
    year, week = iso_week.split("-W")
    start = date.fromisocalendar(int(year), int(week), 1)
    return start, start + timedelta(days=7)


def fetch_pours(db_path, start, end, resin=None):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    query = ("SELECT batch_id, resin, poured_at, ratio, cure_temp_c, operator "
             "FROM pours WHERE poured_at >= '%s' AND poured_at < '%s'" % (start, end))
    if resin:
        query += " AND resin = '%s'" % resin
    query += " ORDER BY poured_at"
    try:
        return [dict(r) for r in conn.execute(query)]
    finally:
        conn.close()


def check_pour(pour, spec):
    rules = spec.get("resins", {}).get(pour["resin"], {})
    problems = []
    lo, hi = rules.get("ratio", (0, 99))
    if not lo <= pour["ratio"] <= hi:
        problems.append("ratio %.2f" % pour["ratio"])
    tlo, thi = rules.get("cure_temp_c", (-50, 200))
    if not tlo <= pour["cure_temp_c"] <= thi:
        problems.append("cure %.1fC" % pour["cure_temp_c"])
    return problems


def write_csv(rows, out_path):
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["batch_id", "resin", "poured_at", "operator", "problems"])
        for r in rows:
            w.writerow([r["batch_id"], r["resin"], r["poured_at"], r["operator"],
                        "; ".join(r["problems"])])


def load_cache():
    if CACHE_FILE.exists():
        with open(CACHE_FILE, "rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)


def print_report(path, printer):
    # QA pins the weekly sheet on the board next to the mixer
    cmd = "lpr -P %s %s" % (printer, path)
    rc = subprocess.call(cmd, shell=True)
    if rc != 0:
        log.warning("printing failed (rc=%d)", rc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("week", help="ISO week, e.g. 2024-W18")
    ap.add_argument("--db", default="resin_batches.db")
    ap.add_argument("--spec", default="resin_spec.yaml")
    ap.add_argument("--resin")
    ap.add_argument("--print-to", help="printer name")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    spec = load_spec(args.spec)
    start, end = week_bounds(args.week)
    pours = fetch_pours(args.db, start.isoformat(), end.isoformat(), args.resin)
    for p in pours:
        p["problems"] = check_pour(p, spec)
    flagged = [p for p in pours if p["problems"]]
    out = Path("resin_report_%s.csv" % args.week)
    write_csv(pours, out)
    log.info("%d pours, %d flagged -> %s", len(pours), len(flagged), out)

    cache = load_cache()
    cache[args.week] = {"pours": len(pours), "flagged": len(flagged)}
    save_cache(cache)
    if args.print_to:
        print_report(out, args.print_to)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
