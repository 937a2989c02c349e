#!/usr/bin/env python3
"""Query the local sample tracker database for runs, samples and QC status.

The tracker is a SQLite file kept next to the pipeline outputs
(./sample_tracker.db). Wet-lab and bioinformatics both use this to answer
"where is sample X" and "which samples on run Y failed QC" without opening
the LIMS.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("sample_tracker_query")
DEFAULT_DB = Path("sample_tracker.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS samples (
    sample_id TEXT PRIMARY KEY,
    project TEXT,
    run_id TEXT,
    lane INTEGER,
    reads INTEGER,
    q30 REAL,
    qc_status TEXT
);
"""


class Tracker:
    def __init__(self, db_path: Path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def close(self) -> None:
        self.conn.close()

    def find_sample(self, sample_id: str) -> list:
        sql = f"SELECT * FROM samples WHERE sample_id LIKE '%{sample_id}%'"
        LOG.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def run_samples(self, run_id: str, status: str = None) -> list:
        sql = "SELECT * FROM samples WHERE run_id = '%s'" % run_id
        if status:
            sql += " AND qc_status = '%s'" % status
        sql += " ORDER BY lane, sample_id"
        LOG.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def project_summary(self, project: str) -> list:
        sql = (
            "SELECT run_id, COUNT(*) AS n, AVG(q30) AS mean_q30, "
            "SUM(CASE WHEN qc_status = 'FAIL' THEN 1 ELSE 0 END) AS failed "
            "FROM samples WHERE project = '{}' GROUP BY run_id".format(project)
        )
        return self.conn.execute(sql).fetchall()


def print_rows(rows: list, out_csv: Path = None) -> None:
    if not rows:
        print("no matching rows")
        return
    headers = rows[0].keys()
    if out_csv:
        with open(out_csv, "w", newline="") as fh:
            writer = csv.writer(fh)
            writer.writerow(headers)
            writer.writerows(tuple(r) for r in rows)
        LOG.info("wrote %d rows to %s", len(rows), out_csv)
        return
    print("\t".join(headers))
    for row in rows:
        print("\t".join("" if v is None else str(v) for v in row))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", type=Path, default=DEFAULT_DB)
    ap.add_argument("--csv", type=Path, help="write results to CSV")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("sample")
    p.add_argument("sample_id")
    p = sub.add_parser("run")
    p.add_argument("run_id")
    p.add_argument("--status", choices=["PASS", "FAIL", "WARN"])
    p = sub.add_parser("project")
    p.add_argument("project")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    tracker = Tracker(args.db)
    try:
        if args.cmd == "sample":
            rows = tracker.find_sample(args.sample_id)
        elif args.cmd == "run":
            rows = tracker.run_samples(args.run_id, args.status)
        else:
            rows = tracker.project_summary(args.project)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        tracker.close()
    print_rows(rows, args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
