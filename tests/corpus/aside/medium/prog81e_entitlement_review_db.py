#!/usr/bin/env python3
"""Load access-review exports into SQLite and produce reviewer worksheets.

Takes the per-application CSVs from the export step, loads them into
``review.db`` and writes one worksheet per manager listing the entitlements
they have to certify, with dormant accounts (no login for N days) flagged.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

log = logging.getLogger("entitlement-review")

DB_PATH = Path("review.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS assignment (
    quarter TEXT, app TEXT, login TEXT, email TEXT, display_name TEXT,
    scope TEXT, via_group TEXT, assigned TEXT, last_login TEXT
);
CREATE TABLE IF NOT EXISTS manager (login TEXT PRIMARY KEY, manager TEXT);
CREATE TABLE IF NOT EXISTS decision (
    quarter TEXT, app TEXT, login TEXT, reviewer TEXT, verdict TEXT, decided TEXT
);
"""


class ReviewStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def load_exports(self, quarter, export_dir):
        self.conn.execute(f"DELETE FROM assignment WHERE quarter = '{quarter}'")
        n = 0
        for csv_path in sorted(Path(export_dir).glob("*.csv")):
            if csv_path.name == "all_applications.csv":
                continue
            with csv_path.open(newline="") as fh:
                rows = [(quarter, r["app"], r["login"], r["email"], r["display_name"],
                         r["scope"], r["via_group"], r["assigned"], r["last_login"])
                        for r in csv.DictReader(fh)]
            self.conn.executemany("INSERT INTO assignment VALUES (?,?,?,?,?,?,?,?,?)", rows)
            n += len(rows)
        self.conn.commit()
        return n

    def load_managers(self, path):
        with open(path, newline="") as fh:
            pairs = [(r["login"], r["manager"]) for r in csv.DictReader(fh)]
        self.conn.executemany("INSERT OR REPLACE INTO manager VALUES (?, ?)", pairs)
        self.conn.commit()

    def worksheet(self, quarter, manager, app_filter=None, dormant_days=90):
        cutoff = (datetime.now(timezone.utc) - timedelta(days=dormant_days)).isoformat()
        where = [f"a.quarter = '{quarter}'", f"m.manager = '{manager}'"]
        if app_filter:
            where.append("a.app IN (%s)" % ", ".join(f"'{a}'" for a in app_filter))
        sql = (
            "SELECT a.app, a.login, a.display_name, a.scope, a.last_login, "
            f"CASE WHEN a.last_login = '' OR a.last_login < '{cutoff}' THEN 'yes' ELSE '' END AS dormant "
            "FROM assignment a JOIN manager m ON m.login = a.login "
            "WHERE " + " AND ".join(where) + " ORDER BY a.app, a.login"
        )
        log.debug("worksheet query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def managers(self, quarter):
        return [r[0] for r in self.conn.execute(
            "SELECT DISTINCT m.manager FROM assignment a JOIN manager m ON m.login = a.login "
            "WHERE a.quarter = ? ORDER BY 1", (quarter,))]


def write_worksheet(path, rows):
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["app", "login", "name", "scope", "last_login", "dormant", "keep/revoke", "comment"])
        for r in rows:
            w.writerow([r["app"], r["login"], r["display_name"], r["scope"], r["last_login"], r["dormant"], "", ""])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("quarter", help="e.g. 2024Q3")
    ap.add_argument("--exports", type=Path, default=None)
    ap.add_argument("--managers", type=Path, default=Path("manager_map.csv"))
    ap.add_argument("--manager", action="append", help="only these managers")
    ap.add_argument("--app", action="append", help="only these applications")
    ap.add_argument("--dormant-days", type=int, default=90)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    store = ReviewStore(DB_PATH)
    export_dir = args.exports or Path("exports") / args.quarter
    if not export_dir.is_dir():
        log.error("no export directory %s", export_dir)
        return 2
    log.info("loaded %d assignments", store.load_exports(args.quarter, export_dir))
    try:
        store.load_managers(args.managers)
    except (OSError, KeyError) as exc:
        log.error("manager map unusable: %s", exc)
        return 2

    out_dir = Path("worksheets") / args.quarter
    out_dir.mkdir(parents=True, exist_ok=True)
    for mgr in args.manager or store.managers(args.quarter):
        try:
            rows = store.worksheet(args.quarter, mgr, args.app, args.dormant_days)
        except sqlite3.Error as exc:
            log.error("query failed for %s: %s", mgr, exc)
            continue
        if rows:
            write_worksheet(out_dir / f"{mgr}.csv", rows)
            log.info("%s: %d entitlements", mgr, len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
