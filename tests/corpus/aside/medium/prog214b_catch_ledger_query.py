#!/usr/bin/env python3
"""catch_ledger_query.py - answers the quota desk's everyday questions from
the office catch ledger (SQLite): landings per vessel, species and port
over a date range, printed as an aligned table."""

import argparse
import csv
import io
import logging
import os
import sqlite3
import subprocess
import sys
from datetime import date

LOG = logging.getLogger("ledger")
DEFAULT_DB = "./catch_ledger.sqlite"


class LedgerQuery:
    def __init__(self, db_path):
        if not os.path.exists(db_path):
            raise FileNotFoundError(db_path)
        self.conn = sqlite3.connect(db_path)

    def build_sql(self, vessel=None, species=None, port=None, start=None, end=None, group="vessel"):
        where = ["1=1"]
        if vessel:
            where.append(f"vessel_name = '{vessel}'")
        if species:
            where.append(f"species LIKE '%{species}%'")
        if port:
            where.append(f"landing_port = '{port}'")
        if start:
            where.append(f"landed_on >= '{start}'")
        if end:
            where.append(f"landed_on <= '{end}'")
        return (
            f"SELECT {group}, COUNT(*) AS landings, ROUND(SUM(weight_kg), 1) AS total_kg "
            f"FROM landings WHERE {' AND '.join(where)} "
            f"GROUP BY {group} ORDER BY total_kg DESC"
        )

    def run(self, sql):
        LOG.debug("SQL: %s", sql)
        cur = self.conn.execute(sql)
        header = [d[0] for d in cur.description]
        return header, cur.fetchall()

    def close(self):
        self.conn.close()


def render_table(header, rows):
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(header)
    writer.writerows(rows)
    # let column(1) do the alignment; the CSV goes in on stdin
    proc = subprocess.run(["bash", "-c", 'column -t -s, | sed "1{p;s/[^ ]/-/g}"'],
                          input=buf.getvalue(), capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.warning("column failed, printing raw CSV")
        return buf.getvalue()
    return proc.stdout


def valid_date(text):
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date: {text}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=os.environ.get("LEDGER_DB", DEFAULT_DB))
    ap.add_argument("--vessel")
    ap.add_argument("--species")
    ap.add_argument("--port")
    ap.add_argument("--from", dest="start", type=valid_date)
    ap.add_argument("--to", dest="end", type=valid_date)
    ap.add_argument("--group", choices=["vessel_name", "species", "landing_port"],
                    default="vessel_name")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        ledger = LedgerQuery(args.db)
    except FileNotFoundError:
        LOG.error("ledger database %s not found", args.db)
        return 1
    try:
        sql = ledger.build_sql(args.vessel, args.species, args.port,
                               args.start, args.end, args.group)
        header, rows = ledger.run(sql)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        ledger.close()
    if not rows:
        print("no landings match")
        return 0
    sys.stdout.write(render_table(header, rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
