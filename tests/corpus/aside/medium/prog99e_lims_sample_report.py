#!/usr/bin/env python3
"""Monthly instrument usage and sample report from the LIMS snapshot.

The LIMS team drops a nightly SQLite snapshot (lims_snapshot.db) on the
facility share.  This script summarises samples per group, instrument and
method for a month and writes a CSV plus a short Markdown summary for the
facility manager.  Report definitions (which instruments, cost centres,
grouping) live in report.yaml.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

import yaml

log = logging.getLogger("lims-report")

DEFAULT_REPORT = {
    "instruments": ["orbitrap-exploris", "qtof-6546", "nmr-600"],
    "status": "completed",
    "group_by": "pi_group",
}


def load_report_config(path):
    if not path.exists():
        log.info("%s not found, using defaults", path)
        return dict(DEFAULT_REPORT)
    with path.open() as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader) or {}
    merged = dict(DEFAULT_REPORT)
    merged.update(cfg)
    return merged


def month_bounds(month):
    year, mon = (int(x) for x in month.split("-"))
    start = date(year, mon, 1)
    end = date(year + (mon == 12), mon % 12 + 1, 1)
    return start.isoformat(), end.isoformat()


def build_query(cfg, start, end):
    instruments = ", ".join(f"'{name}'" for name in cfg["instruments"])
    group_col = cfg["group_by"]
    return (
        f"SELECT s.{group_col} AS grp, s.instrument, s.method, "
        f"COUNT(*) AS n, SUM(s.run_minutes) AS minutes "
        f"FROM samples s "
        f"WHERE s.instrument IN ({instruments}) "
        f"AND s.status = '{cfg['status']}' "
        f"AND s.finished_at >= '{start}' AND s.finished_at < '{end}' "
        f"GROUP BY grp, s.instrument, s.method ORDER BY grp, s.instrument"
    )


def fetch_rows(db_path, sql):
    con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    con.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in con.execute(sql)]
    finally:
        con.close()


def write_csv(rows, path):
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["grp", "instrument", "method", "n", "minutes"])
        w.writeheader()
        w.writerows(rows)


def write_summary(rows, month, path):
    per_group = defaultdict(lambda: [0, 0])
    per_inst = defaultdict(int)
    for r in rows:
        per_group[r["grp"]][0] += r["n"]
        per_group[r["grp"]][1] += r["minutes"] or 0
        per_inst[r["instrument"]] += r["n"]
    lines = [f"# Instrument usage {month}", "", "| Group | Samples | Hours |", "|---|---|---|"]
    for grp, (n, minutes) in sorted(per_group.items()):
        lines.append(f"| {grp} | {n} | {minutes / 60:.1f} |")
    lines += ["", "| Instrument | Samples |", "|---|---|"]
    lines += [f"| {i} | {n} |" for i, n in sorted(per_inst.items())]
    path.write_text("\n".join(lines) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description="LIMS monthly usage report")
    ap.add_argument("month", help="YYYY-MM")
    ap.add_argument("--db", type=Path, default=Path("lims_snapshot.db"))
    ap.add_argument("--report", type=Path, default=Path("report.yaml"))
    ap.add_argument("--instrument", action="append", help="restrict to instrument(s)")
    ap.add_argument("--out", type=Path, default=Path("reports"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_report_config(args.report)
    if args.instrument:
        cfg["instruments"] = args.instrument
    try:
        start, end = month_bounds(args.month)
    except ValueError:
        log.error("month must look like 2024-05")
        return 2

    sql = build_query(cfg, start, end)
    log.debug("query: %s", sql)
    try:
        rows = fetch_rows(args.db, sql)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1

    args.out.mkdir(exist_ok=True)
    csv_path = args.out / f"usage_{args.month}.csv"
    md_path = args.out / f"usage_{args.month}.md"
    write_csv(rows, csv_path)
    write_summary(rows, args.month, md_path)
    log.info("%d rows -> %s, %s", len(rows), csv_path, md_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
