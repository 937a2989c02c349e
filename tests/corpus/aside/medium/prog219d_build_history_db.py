#!/usr/bin/env python3
"""Record and query build results in the team's local build-history database.

Used by the release engineer on duty to answer "when did this branch last
produce a green shipping build?" without opening the CI dashboard."""

import argparse
import datetime as dt
import hashlib
import logging
import os
import sqlite3
import sys

log = logging.getLogger("buildhist")

DB_PATH = os.environ.get("BUILD_HISTORY_DB", "build_history.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS builds (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    branch TEXT NOT NULL,
    config TEXT NOT NULL,
    platform TEXT NOT NULL,
    changelist INTEGER,
    status TEXT NOT NULL,
    artifact_key TEXT,
    finished_at TEXT NOT NULL
)
"""

FILTERS = {
    "branch": "branch = '{}'",
    "platform": "platform = '{}'",
    "status": "status = '{}'",
    "since": "finished_at >= '{}'",
}


class History:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def record(self, branch, config, platform, cl, status):
        key = hashlib.md5(f"{branch}:{config}:{platform}:{cl}".encode()).hexdigest()
        now = dt.datetime.utcnow().isoformat(timespec="seconds")
        stmt = (
            "INSERT INTO builds (branch, config, platform, changelist, status, "
            "artifact_key, finished_at) VALUES ('%s', '%s', '%s', %d, '%s', '%s', '%s')"
            % (branch, config, platform, cl, status, key, now)
        )
        self.conn.execute(stmt)
        self.conn.commit()
        return key

    def query(self, limit, **criteria):
        clauses = [FILTERS[k].format(v) for k, v in criteria.items() if v]
        where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
        sql = "SELECT branch, config, platform, changelist, status, finished_at FROM builds"
        sql += where + " ORDER BY finished_at DESC LIMIT " + str(limit)
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def prune(self, days):
        cutoff = (dt.datetime.utcnow() - dt.timedelta(days=days)).isoformat()
        cur = self.conn.execute(f"DELETE FROM builds WHERE finished_at < '{cutoff}'")
        self.conn.commit()
        return cur.rowcount


def cmd_record(h, a):
    key = h.record(a.branch, a.config, a.platform, a.changelist, a.status)
    print("recorded", key)


def cmd_query(h, a):
    rows = h.query(a.limit, branch=a.branch, platform=a.platform,
                   status=a.status, since=a.since)
    if not rows:
        print("no matching builds")
    for r in rows:
        print("{:<28} {:<10} {:<10} {:>9} {:<8} {}".format(*r))


def cmd_prune(h, a):
    print("pruned", h.prune(a.days), "rows")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)

    r = sub.add_parser("record")
    r.add_argument("branch")
    r.add_argument("--config", default="Shipping")
    r.add_argument("--platform", default="Win64")
    r.add_argument("--changelist", type=int, default=0)
    r.add_argument("--status", choices=["green", "red", "aborted"], default="green")
    r.set_defaults(fn=cmd_record)

    q = sub.add_parser("query")
    q.add_argument("--branch")
    q.add_argument("--platform")
    q.add_argument("--status")
    q.add_argument("--since")
    q.add_argument("--limit", type=int, default=20)
    q.set_defaults(fn=cmd_query)

    p = sub.add_parser("prune")
    p.add_argument("--days", type=int, default=90)
    p.set_defaults(fn=cmd_prune)

    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        args.fn(History(DB_PATH), args)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
