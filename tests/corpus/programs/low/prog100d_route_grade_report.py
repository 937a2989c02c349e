#!/usr/bin/env python3
"""Route grade spread report for the setting team.

Reads the route-setting database (routes.sqlite3 in the working
directory) and reports, per wall section, how many live problems and
routes there are in each grade band, how old the oldest set is, and
which sections are due a reset.  Optionally pulls the shared grade
conversion table (Font <-> V, French <-> YDS) from the setters' wiki.

Output: a text table on stdout and grade_report_<date>.csv.
"""
import argparse
import csv
import json
import logging
import sqlite3
import sys
from collections import Counter, defaultdict
from datetime import date, datetime
from pathlib import Path
from urllib.error import URLError
from urllib.request import urlopen

log = logging.getLogger("grade-report")

BANDS = [("beginner", 0, 2), ("intermediate", 3, 5), ("advanced", 6, 8), ("elite", 9, 99)]
DEFAULT_SCALE = {"VB": 0, "V0": 0, "V1": 1, "V2": 2, "V3": 3, "V4": 4, "V5": 5,
                 "V6": 6, "V7": 7, "V8": 8, "V9": 9, "V10": 10, "V11": 11}

QUERY = """
SELECT w.section, r.grade, r.discipline, r.set_on
FROM routes r JOIN walls w ON w.id = r.wall_id
WHERE r.stripped_on IS NULL AND r.discipline = ?
ORDER BY w.section
"""


def fetch_scale(url):
    try:
        with urlopen(url, timeout=10) as resp:
            scale = json.load(resp)
        log.info("using grade table from %s (%d entries)", url, len(scale))
        return scale
    except (URLError, ValueError, OSError) as exc:
        log.warning("grade table unavailable (%s), using built-in V scale", exc)
        return DEFAULT_SCALE


def band_of(grade, scale):
    n = scale.get(grade.upper())
    if n is None:
        return "unknown"
    for name, lo, hi in BANDS:
        if lo <= n <= hi:
            return name
    return "unknown"


def build_report(db, discipline, scale, reset_days):
    con = sqlite3.connect(db)
    try:
        rows = con.execute(QUERY, (discipline,)).fetchall()
    finally:
        con.close()
    sections = defaultdict(lambda: {"bands": Counter(), "oldest": None, "count": 0})
    for section, grade, _disc, set_on in rows:
        s = sections[section]
        s["bands"][band_of(grade, scale)] += 1
        s["count"] += 1
        d = datetime.strptime(set_on, "%Y-%m-%d").date()
        if s["oldest"] is None or d < s["oldest"]:
            s["oldest"] = d
    today = date.today()
    for s in sections.values():
        s["age_days"] = (today - s["oldest"]).days if s["oldest"] else 0
        s["reset_due"] = s["age_days"] >= reset_days
    return dict(sections)


def print_table(report):
    names = [b[0] for b in BANDS] + ["unknown"]
    print(f"{'section':<18}" + "".join(f"{n[:6]:>8}" for n in names) + f"{'total':>8}{'age':>6}  reset")
    for section in sorted(report):
        s = report[section]
        cells = "".join(f"{s['bands'].get(n, 0):>8}" for n in names)
        flag = "DUE" if s["reset_due"] else ""
        print(f"{section:<18}{cells}{s['count']:>8}{s['age_days']:>6}  {flag}")


def write_csv(report, path):
    names = [b[0] for b in BANDS] + ["unknown"]
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["section", *names, "total", "oldest_set", "age_days", "reset_due"])
        for section in sorted(report):
            s = report[section]
            w.writerow([section, *(s["bands"].get(n, 0) for n in names), s["count"],
                        s["oldest"], s["age_days"], s["reset_due"]])


def main():
    ap = argparse.ArgumentParser(description="grade spread per wall section")
    ap.add_argument("--db", default="routes.sqlite3")
    ap.add_argument("--discipline", choices=["boulder", "lead", "toprope"], default="boulder")
    ap.add_argument("--reset-days", type=int, default=42)
    ap.add_argument("--scale-url", help="JSON grade table, e.g. the setters' wiki export")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not Path(args.db).exists():
        log.error("no database at %s", args.db)
        return 1
    scale = fetch_scale(args.scale_url) if args.scale_url else DEFAULT_SCALE
    report = build_report(args.db, args.discipline, scale, args.reset_days)
    if not report:
        log.info("no live %s climbs found", args.discipline)
        return 0
    print_table(report)
    out = f"grade_report_{date.today():%Y%m%d}.csv"
    write_csv(report, out)
    log.info("wrote %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
