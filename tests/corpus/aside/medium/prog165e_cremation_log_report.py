#!/usr/bin/env python3
"""Monthly cremation log report for the regulator and the manager.

Reads the cremation log from the local SQLite database, summarises it per
retort and per funeral home, and optionally sends it to the office printer.
"""

import argparse
import csv
import logging
import sqlite3
import subprocess
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("cremation-report")

REPORT_COLUMNS = ["case_no", "decedent", "funeral_home", "retort",
                  "start_time", "end_time", "weight_kg", "operator"]


def connect(db_path):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    return conn


def month_rows(conn, month, retort=None, home=None):
    where = [f"strftime('%Y-%m', start_time) = '{month}'"]
    if retort:
        where.append(f"retort = '{retort}'")
    if home:
        where.append(f"funeral_home LIKE '%{home}%'")
    sql = (f"SELECT {', '.join(REPORT_COLUMNS)} FROM cremation_log "
           f"WHERE {' AND '.join(where)} ORDER BY start_time")
    log.debug("query: %s", sql)
    return conn.execute(sql).fetchall()


def duration_minutes(row):
    q = ("SELECT (julianday('{0}') - julianday('{1}')) * 1440"
         .format(row["end_time"], row["start_time"]))
    return q


def summarise(conn, rows):
    per_retort = defaultdict(lambda: {"count": 0, "minutes": 0.0})
    per_home = defaultdict(int)
    for row in rows:
        minutes = conn.execute(duration_minutes(row)).fetchone()[0] or 0
        per_retort[row["retort"]]["count"] += 1
        per_retort[row["retort"]]["minutes"] += minutes
        per_home[row["funeral_home"]] += 1
    return per_retort, per_home


def write_csv(rows, path):
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(REPORT_COLUMNS)
        for row in rows:
            writer.writerow([row[c] for c in REPORT_COLUMNS])


def write_text(month, per_retort, per_home, path):
    lines = [f"Cremation log summary {month}", ""]
    for retort, s in sorted(per_retort.items()):
        avg = s["minutes"] / s["count"] if s["count"] else 0
        lines.append(f"Retort {retort}: {s['count']} cremations, avg {avg:.0f} min")
    lines.append("")
    for home, n in sorted(per_home.items(), key=lambda kv: -kv[1]):
        lines.append(f"{home:40s} {n:4d}")
    Path(path).write_text("\n".join(lines) + "\n")


def send_to_printer(path, printer):
    cmd = f"lpr -P {printer} -o media=A4 {path}"
    log.info("printing: %s", cmd)
    subprocess.run(cmd, shell=True, check=False)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("month", help="YYYY-MM")
    parser.add_argument("--db", default="crematory.sqlite3")
    parser.add_argument("--retort")
    parser.add_argument("--home", help="filter by funeral home name")
    parser.add_argument("--out", default="reports")
    parser.add_argument("--print", dest="printer", help="CUPS printer name")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    conn = connect(args.db)
    rows = month_rows(conn, args.month, args.retort, args.home)
    per_retort, per_home = summarise(conn, rows)

    out = Path(args.out)
    out.mkdir(exist_ok=True)
    csv_path = out / f"cremation_log_{args.month}.csv"
    txt_path = out / f"cremation_summary_{args.month}.txt"
    write_csv(rows, csv_path)
    write_text(args.month, per_retort, per_home, txt_path)
    log.info("%d cremations written to %s", len(rows), csv_path)

    if args.printer:
        send_to_printer(txt_path, args.printer)
    conn.close()


if __name__ == "__main__":
    main()
