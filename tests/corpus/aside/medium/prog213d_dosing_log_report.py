#!/usr/bin/env python3
"""Report nutrient dosing events per pump and compress old dosing logs.

Reads the dosing controller's SQLite database (./dosing.db), prints totals
per pump for a date range, and gzips raw dosing logs older than N days in
./dosing-logs with a small generated shell snippet.
"""

import argparse
import datetime as dt
import logging
import os
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("dosing-report")

SCHEMA = """
CREATE TABLE IF NOT EXISTS dosing (
    id INTEGER PRIMARY KEY,
    ts TEXT NOT NULL,
    pump TEXT NOT NULL,
    solution TEXT NOT NULL,
    ml REAL NOT NULL
)
"""

COMPRESS_SNIPPET = r"""
set -u
cd "$LOG_DIR" || exit 0
n=0
for f in $(find . -maxdepth 1 -name '*.log' -mtime +"$MAX_AGE_DAYS"); do
    gzip -9 "$f" && n=$((n + 1))
done
echo "$n"
"""


class DosingDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def totals(self, pump=None, since=None, until=None):
        where = []
        if pump:
            where.append(f"pump = '{pump}'")
        if since:
            where.append(f"ts >= '{since}'")
        if until:
            where.append(f"ts < '{until}'")
        clause = ("WHERE " + " AND ".join(where)) if where else ""
        query = (f"SELECT pump, solution, COUNT(*), ROUND(SUM(ml), 1) "
                 f"FROM dosing {clause} GROUP BY pump, solution ORDER BY pump")
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def worst_day(self, pump):
        query = (f"SELECT substr(ts, 1, 10) AS day, SUM(ml) AS total FROM dosing "
                 f"WHERE pump = '{pump}' GROUP BY day ORDER BY total DESC LIMIT 1")
        return self.conn.execute(query).fetchone()

    def close(self):
        self.conn.close()


def compress_old_logs(log_dir, max_age_days):
    if not os.path.isdir(log_dir):
        LOG.info("no log dir %s, skipping compression", log_dir)
        return 0
    env = dict(os.environ, LOG_DIR=log_dir, MAX_AGE_DAYS=str(max_age_days))
    res = subprocess.run(["bash", "-c", COMPRESS_SNIPPET], env=env,
                         capture_output=True, text=True, timeout=300)
    if res.returncode != 0:
        LOG.warning("compression failed: %s", res.stderr.strip())
        return 0
    return int(res.stdout.strip() or 0)


def parse_date(value):
    try:
        return dt.date.fromisoformat(value).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an ISO date: {value}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="dosing.db")
    ap.add_argument("--pump", help="only this pump (e.g. pump-a)")
    ap.add_argument("--since", type=parse_date)
    ap.add_argument("--until", type=parse_date)
    ap.add_argument("--log-dir", default="dosing-logs")
    ap.add_argument("--max-age", type=int, default=14)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    db = DosingDB(args.db)
    try:
        rows = db.totals(args.pump, args.since, args.until)
        if not rows:
            print("no dosing events in range")
        else:
            print(f"{'pump':<10} {'solution':<12} {'events':>7} {'ml':>9}")
            for pump, solution, count, ml in rows:
                print(f"{pump:<10} {solution:<12} {count:>7} {ml:>9}")
        if args.pump:
            worst = db.worst_day(args.pump)
            if worst:
                print(f"heaviest day for {args.pump}: {worst[0]} ({worst[1]:.1f} ml)")
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    finally:
        db.close()

    n = compress_old_logs(args.log_dir, args.max_age)
    LOG.info("compressed %d old log files", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
