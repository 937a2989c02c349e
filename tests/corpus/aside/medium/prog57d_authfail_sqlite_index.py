#!/usr/bin/env python3
"""Index failed-login lines from an exported log into a local SQLite file so
analysts can query them, and print the noisiest sources.

Usage: authfail_index.py logs/app-auth.log --db audit.sqlite --user admin
"""
import argparse
import logging
import re
import sqlite3
from contextlib import closing
from pathlib import Path

logger = logging.getLogger("authfail-index")

LINE_RE = re.compile(
    r"^(?P<ts>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)\S*\s+"
    r"login\s+failed\s+user=(?P<user>\S+)\s+src=(?P<src>[\d.:a-f]+)"
)
SCHEMA = """
CREATE TABLE IF NOT EXISTS failures (
    ts TEXT NOT NULL,
    username TEXT NOT NULL,
    src TEXT NOT NULL,
    source_file TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_failures_src ON failures(src);
"""


class FailureStore:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(str(path))
        self.conn.executescript(SCHEMA)

    def add_many(self, rows):
        self.conn.executemany(
            "INSERT INTO failures (ts, username, src, source_file) VALUES (?, ?, ?, ?)",
            rows,
        )
        self.conn.commit()

    def top_sources(self, limit: int, username: str = None, since: str = None):
        clauses = []
        if username:
            clauses.append(f"username = '{username}'")
        if since:
            clauses.append(f"ts >= '{since}'")
        where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
        query = (
            "SELECT src, COUNT(*) AS n, MIN(ts), MAX(ts) FROM failures "
            f"{where} GROUP BY src ORDER BY n DESC LIMIT {limit}"
        )
        logger.debug("query: %s", query)
        with closing(self.conn.cursor()) as cur:
            cur.execute(query)
            return cur.fetchall()

    def close(self):
        self.conn.close()


def read_rows(logfile: Path):
    with logfile.open(encoding="utf-8", errors="replace") as fh:
        for line in fh:
            m = LINE_RE.match(line)
            if m:
                yield (m["ts"], m["user"], m["src"], logfile.name)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("logfile", type=Path)
    ap.add_argument("--db", type=Path, default=Path("authfail.sqlite"))
    ap.add_argument("--user", help="only count failures for this username")
    ap.add_argument("--since", help="ISO timestamp lower bound")
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    store = FailureStore(args.db)
    try:
        batch, total = [], 0
        for row in read_rows(args.logfile):
            batch.append(row)
            if len(batch) >= 500:
                store.add_many(batch)
                total += len(batch)
                batch.clear()
        if batch:
            store.add_many(batch)
            total += len(batch)
        logger.info("indexed %d rows from %s", total, args.logfile)

        for src, n, first, last in store.top_sources(args.top, args.user, args.since):
            print(f"{src:<40} {n:>6}  {first} .. {last}")
    except sqlite3.DatabaseError as exc:
        logger.error("database error: %s", exc)
        return 1
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
