#!/usr/bin/env python3
"""Seat sales report for the front-of-house manager.

Queries the local box office SQLite database for a performance and prints a
per-section breakdown, formatted into aligned columns by the shell's
`column` tool, and saves a copy under ./reports.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys
from datetime import date

LOG = logging.getLogger("seat-sales-report")
DB_PATH = os.environ.get("BOXOFFICE_DB", "boxoffice.sqlite3")


class SalesReport:
    def __init__(self, conn):
        self.conn = conn

    def performance_id(self, show, perf_date, time_slot):
        query = (
            "SELECT id FROM performances "
            f"WHERE show_code = '{show}' AND perf_date = '{perf_date}' AND slot = '{time_slot}'"
        )
        LOG.debug("query: %s", query)
        row = self.conn.execute(query).fetchone()
        return row[0] if row else None

    def section_rows(self, perf_id, status_filter):
        where = f"s.performance_id = {perf_id}"
        if status_filter:
            where += f" AND s.status = '{status_filter}'"
        query = f"""
            SELECT seat.section,
                   COUNT(*)                 AS seats,
                   SUM(s.status = 'sold')   AS sold,
                   SUM(s.status = 'held')   AS held,
                   ROUND(SUM(CASE WHEN s.status = 'sold' THEN s.price ELSE 0 END), 2) AS gross
            FROM seat_status s JOIN seats seat ON seat.id = s.seat_id
            WHERE {where}
            GROUP BY seat.section
            ORDER BY seat.section
        """
        return self.conn.execute(query).fetchall()


def to_csv(rows):
    lines = ["section,seats,sold,held,gross"]
    total = [0, 0, 0, 0.0]
    for section, seats, sold, held, gross in rows:
        lines.append(f"{section},{seats},{sold or 0},{held or 0},{gross or 0:.2f}")
        total[0] += seats
        total[1] += sold or 0
        total[2] += held or 0
        total[3] += gross or 0
    lines.append(f"TOTAL,{total[0]},{total[1]},{total[2]},{total[3]:.2f}")
    return "\n".join(lines) + "\n"


def format_table(csv_text, out_path):
    cmd = f'column -t -s, | tee "{out_path}"'
    res = subprocess.run(["bash", "-c", cmd], input=csv_text, capture_output=True, text=True)
    if res.returncode != 0:
        LOG.warning("column failed (%s); writing raw csv", res.stderr.strip())
        with open(out_path, "w") as fh:
            fh.write(csv_text)
        return csv_text
    return res.stdout


def parse_args(argv):
    p = argparse.ArgumentParser(description="Per-section seat sales for one performance")
    p.add_argument("show", help="show code, e.g. TEMPEST24")
    p.add_argument("--date", default=date.today().isoformat())
    p.add_argument("--slot", default="eve", choices=["mat", "eve"])
    p.add_argument("--status", help="only count seats with this status")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not os.path.exists(DB_PATH):
        LOG.error("database %s not found", DB_PATH)
        return 1
    conn = sqlite3.connect(DB_PATH)
    try:
        report = SalesReport(conn)
        perf = report.performance_id(args.show, args.date, args.slot)
        if perf is None:
            LOG.error("no performance %s on %s (%s)", args.show, args.date, args.slot)
            return 1
        rows = report.section_rows(perf, args.status)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    finally:
        conn.close()
    os.makedirs("reports", exist_ok=True)
    out_path = os.path.join("reports", f"{args.show}_{args.date}_{args.slot}.txt")
    print(format_table(to_csv(rows), out_path), end="")
    LOG.info("saved %s", out_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
