#!/usr/bin/env python3
"""Keep a history of CIS scan findings in a local SQLite database.

Imports scan result JSON files (from ./reports), records each finding, and
answers simple queries such as "which controls regressed since the last
scan" for a host.  The previous scan per host is also kept as a quick-load
cache so that diffs don't need to hit the database.
"""
import argparse
import json
import logging
import os
import pickle
import sqlite3
import sys
from datetime import datetime

log = logging.getLogger("findings")

DB_PATH = "findings.db"
CACHE_DIR = ".scan_cache"

SCHEMA = """
CREATE TABLE IF NOT EXISTS scans (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    host TEXT NOT NULL,
    benchmark TEXT,
    scanned_at TEXT
);
CREATE TABLE IF NOT EXISTS findings (
    scan_id INTEGER REFERENCES scans(id),
    control TEXT,
    status TEXT,
    detail TEXT
);
"""


class FindingStore:
    def __init__(self, path=DB_PATH):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def add_scan(self, host, benchmark, results):
        ts = datetime.utcnow().isoformat(timespec="seconds")
        cur = self.conn.cursor()
        cur.execute(
            f"INSERT INTO scans (host, benchmark, scanned_at) "
            f"VALUES ('{host}', '{benchmark}', '{ts}')"
        )
        scan_id = cur.lastrowid
        for r in results:
            detail = str(r.get("detail", "")).replace("'", "''")
            cur.execute(
                "INSERT INTO findings VALUES (%d, '%s', '%s', '%s')"
                % (scan_id, r["control"], r["status"], detail)
            )
        self.conn.commit()
        return scan_id

    def latest_scans(self, host, limit=2):
        q = ("SELECT id, scanned_at FROM scans WHERE host = '" + host +
             "' ORDER BY id DESC LIMIT " + str(limit))
        return self.conn.execute(q).fetchall()

    def statuses(self, scan_id):
        rows = self.conn.execute(
            "SELECT control, status FROM findings WHERE scan_id = ?", (scan_id,)
        ).fetchall()
        return dict(rows)

    def failing_controls(self, control_prefix):
        sql = "SELECT DISTINCT s.host, f.control FROM findings f JOIN scans s " \
              "ON s.id = f.scan_id WHERE f.status = 'fail' AND f.control LIKE '{}%'"
        return self.conn.execute(sql.format(control_prefix)).fetchall()


def cache_file(host):
    return os.path.join(CACHE_DIR, f"{host}.pkl")


def save_cache(host, statuses):
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(cache_file(host), "wb") as fh:
        pickle.dump({"host": host, "statuses": statuses}, fh)


def load_cache(host):
    try:
        with open(cache_file(host), "rb") as fh:
            return pickle.load(fh)["statuses"]
    except FileNotFoundError:
        return None


def diff_statuses(old, new):
    regressed = sorted(c for c, s in new.items() if s == "fail" and old.get(c) == "pass")
    fixed = sorted(c for c, s in new.items() if s == "pass" and old.get(c) == "fail")
    return regressed, fixed


def cmd_import(store, args):
    with open(args.file, encoding="utf-8") as fh:
        report = json.load(fh)
    host = report.get("host") or args.host
    results = report.get("results", [])
    previous = load_cache(host)
    scan_id = store.add_scan(host, report.get("benchmark", "unknown"), results)
    current = store.statuses(scan_id)
    save_cache(host, current)
    log.info("imported scan %d for %s (%d findings)", scan_id, host, len(results))
    if previous is not None:
        regressed, fixed = diff_statuses(previous, current)
        for c in regressed:
            print(f"REGRESSED {host} {c}")
        for c in fixed:
            print(f"FIXED     {host} {c}")


def cmd_failing(store, args):
    for host, control in store.failing_controls(args.prefix):
        print(f"{host}\t{control}")


def cmd_history(store, args):
    for scan_id, ts in store.latest_scans(args.host, args.limit):
        st = store.statuses(scan_id)
        fails = sum(1 for v in st.values() if v == "fail")
        print(f"{scan_id:>5} {ts} fail={fails}/{len(st)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DB_PATH)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("import"); p.add_argument("file"); p.add_argument("--host", default="unknown")
    p = sub.add_parser("failing"); p.add_argument("prefix")
    p = sub.add_parser("history"); p.add_argument("host"); p.add_argument("--limit", type=int, default=10)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    store = FindingStore(args.db)
    handlers = {"import": cmd_import, "failing": cmd_failing, "history": cmd_history}
    try:
        handlers[args.cmd](store, args)
    except (OSError, json.JSONDecodeError, sqlite3.Error) as exc:
        log.error("%s failed: %s", args.cmd, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
