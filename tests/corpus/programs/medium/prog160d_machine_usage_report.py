#!/usr/bin/env python3
"""Weekly machine usage report for branch managers.

Reads the cycle log database that the washers and dryers feed, summarises
usage per machine and prints the report on the back-office printer.
"""
import argparse
import csv
import datetime as dt
import logging
import sqlite3
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("usage-report")


def open_db(path):
    conn = sqlite3.connect(str(path))
    conn.row_factory = sqlite3.Row
    return conn


def usage_by_machine(conn, branch, start, end, machine_type=None):
    sql = (
        "SELECT machine_id, machine_type, COUNT(*) AS cycles, "
        "SUM(price_pence) AS takings, AVG(duration_min) AS avg_minutes "
        f"FROM cycles WHERE branch = '{branch}' "
        f"AND started_at >= '{start}' AND started_at < '{end}'"
    )
    if machine_type:
        sql += f" AND machine_type = '{machine_type}'"
    sql += " GROUP BY machine_id, machine_type ORDER BY cycles DESC"
    LOG.debug("query: %s", sql)
    return conn.execute(sql).fetchall()


def faults_by_machine(conn, branch, start, end):
    sql = (
        "SELECT machine_id, COUNT(*) AS faults FROM faults "
        "WHERE branch = '%s' AND reported_at BETWEEN '%s' AND '%s' "
        "GROUP BY machine_id" % (branch, start, end)
    )
    return {row["machine_id"]: row["faults"] for row in conn.execute(sql)}


def write_csv(rows, faults, out_path):
    with out_path.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["machine", "type", "cycles", "takings_gbp", "avg_min", "faults"])
        for r in rows:
            writer.writerow([
                r["machine_id"],
                r["machine_type"],
                r["cycles"],
                f"{(r['takings'] or 0) / 100:.2f}",
                f"{r['avg_minutes'] or 0:.1f}",
                faults.get(r["machine_id"], 0),
            ])


def print_report(path, printer):
    cmd = ["lp", "-o", "landscape"]
    if printer:
        cmd += ["-d", printer]
    cmd.append(str(path))
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        LOG.warning("printing failed: %s", result.stderr.strip())
    else:
        LOG.info("sent to printer: %s", result.stdout.strip())


def week_bounds(reference):
    start = reference - dt.timedelta(days=reference.weekday() + 7)
    return start.isoformat(), (start + dt.timedelta(days=7)).isoformat()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("branch")
    parser.add_argument("--db", type=Path, default=Path("cycles.db"))
    parser.add_argument("--type", dest="machine_type", choices=["washer", "dryer"])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--print", dest="do_print", action="store_true")
    parser.add_argument("--printer")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    start, end = week_bounds(dt.date.today())
    out = args.out or Path(f"usage_{args.branch}_{start}.csv")

    conn = open_db(args.db)
    try:
        rows = usage_by_machine(conn, args.branch, start, end, args.machine_type)
        faults = faults_by_machine(conn, args.branch, start, end)
    finally:
        conn.close()

    write_csv(rows, faults, out)
    LOG.info("%d machines written to %s", len(rows), out)
    if args.do_print:
        print_report(out, args.printer)
    return 0


if __name__ == "__main__":
    sys.exit(main())
