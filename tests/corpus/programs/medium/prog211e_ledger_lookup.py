#!/usr/bin/env python3
"""Look up crossings in the co-op fare ledger.

Queries the SQLite fare ledger by vessel, landing or date range, prints the
matching crossings and can export them to CSV through the sqlite3 tool.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys

DB_PATH = os.environ.get("LEDGER_DB", "ledger.sqlite")
log = logging.getLogger("ledger_lookup")

EXPORT_SCRIPT = """#!/usr/bin/env bash
set -euo pipefail
sqlite3 -header -csv "$LEDGER_DB" "$LEDGER_QUERY" > "$LEDGER_OUT"
wc -l < "$LEDGER_OUT"
"""


class LedgerQuery:
    def __init__(self, vessel=None, landing=None, start=None, end=None):
        self.vessel = vessel
        self.landing = landing
        self.start = start
        self.end = end

    def sql(self):
        clauses = []
        if self.vessel:
            clauses.append(f"vessel = '{self.vessel}'")
        if self.landing:
            clauses.append(f"(origin = '{self.landing}' OR destination = '{self.landing}')")
        if self.start:
            clauses.append(f"sailed_at >= '{self.start}'")
        if self.end:
            clauses.append(f"sailed_at < '{self.end}'")
        where = " WHERE " + " AND ".join(clauses) if clauses else ""
        return ("SELECT sailed_at, vessel, origin, destination, passengers, "
                f"vehicles, fare_total FROM crossings{where} ORDER BY sailed_at")


def run_query(db, sql):
    with sqlite3.connect(db) as conn:
        cur = conn.execute(sql)
        cols = [c[0] for c in cur.description]
        return cols, cur.fetchall()


def export_csv(db, sql, out):
    env = dict(os.environ, LEDGER_DB=db, LEDGER_QUERY=sql, LEDGER_OUT=out)
    result = subprocess.run(["bash", "-c", EXPORT_SCRIPT], env=env,
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip() or "sqlite3 export failed")
    return int(result.stdout.strip() or 0)


def print_rows(cols, rows):
    widths = [max(len(str(c)), *(len(str(r[i])) for r in rows)) for i, c in enumerate(cols)]
    print("  ".join(str(c).ljust(w) for c, w in zip(cols, widths)))
    for row in rows:
        print("  ".join(str(v).ljust(w) for v, w in zip(row, widths)))
    total = sum(r[-1] or 0 for r in rows)
    print(f"\n{len(rows)} crossings, fares {total:.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--vessel")
    parser.add_argument("--landing")
    parser.add_argument("--from", dest="start", help="YYYY-MM-DD")
    parser.add_argument("--to", dest="end", help="YYYY-MM-DD")
    parser.add_argument("--db", default=DB_PATH)
    parser.add_argument("--csv", help="export to this CSV file instead of printing")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(args.db):
        log.error("ledger %s not found", args.db)
        return 1
    sql = LedgerQuery(args.vessel, args.landing, args.start, args.end).sql()
    log.debug("query: %s", sql)
    try:
        if args.csv:
            lines = export_csv(args.db, sql, args.csv)
            log.info("exported %d rows to %s", max(lines - 1, 0), args.csv)
        else:
            cols, rows = run_query(args.db, sql)
            if not rows:
                log.info("no crossings match")
                return 0
            print_rows(cols, rows)
    except (sqlite3.Error, RuntimeError) as exc:
        log.error("query failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
