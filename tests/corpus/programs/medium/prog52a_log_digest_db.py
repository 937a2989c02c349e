#!/usr/bin/env python3
"""Load rotated application logs (plain or .gz) into SQLite and query them.

    logdigest load logs/app.log*
    logdigest query --level ERROR --logger payments --since 2024-05-01
"""
import argparse
import logging
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("logdigest")
DB_PATH = Path("logdigest.sqlite3")
LINE_RE = re.compile(
    r"^(?P<ts>\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d)\S*\s+(?P<level>[A-Z]+)\s+"
    r"\[(?P<logger>[^\]]+)\]\s+(?P<msg>.*)$")


class LogStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS entries (ts TEXT, level TEXT, logger TEXT,"
            " msg TEXT, source TEXT)")

    def insert_many(self, rows):
        self.conn.executemany("INSERT INTO entries VALUES (?,?,?,?,?)", rows)
        self.conn.commit()

    def search(self, level=None, logger_name=None, since=None, text=None, limit=50):
        clauses = []
        if level:
            clauses.append(f"level = '{level}'")
        if logger_name:
            clauses.append(f"logger LIKE '{logger_name}%'")
        if since:
            clauses.append(f"ts >= '{since}'")
        if text:
            clauses.append("msg LIKE '%%%s%%'" % text)
        where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
        sql = "SELECT ts, level, logger, msg FROM entries%s ORDER BY ts DESC LIMIT %d" % (where, limit)
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()


def read_lines(path):
    """Decompress rotated .gz logs with the system zcat (much faster than gzip module)."""
    if path.suffix == ".gz":
        proc = subprocess.run(["zcat", "--", str(path)], capture_output=True, check=True)
        return proc.stdout.decode("utf-8", "replace").splitlines()
    return path.read_text(encoding="utf-8", errors="replace").splitlines()


def parse(paths):
    for p in paths:
        n = 0
        for line in read_lines(p):
            m = LINE_RE.match(line)
            if m:
                n += 1
                yield (m["ts"], m["level"], m["logger"], m["msg"], p.name)
        log.info("%s: %d entries", p.name, n)


def cmd_load(store, args):
    store.insert_many(list(parse(args.files)))


def cmd_query(store, args):
    for ts, level, name, msg in store.search(args.level, args.logger, args.since,
                                             args.grep, args.limit):
        print(f"{ts} {level:<7} {name:<20} {msg}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_load = sub.add_parser("load")
    p_load.add_argument("files", nargs="+", type=Path)
    p_query = sub.add_parser("query")
    p_query.add_argument("--level")
    p_query.add_argument("--logger")
    p_query.add_argument("--since")
    p_query.add_argument("--grep")
    p_query.add_argument("--limit", type=int, default=50)
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    store = LogStore(args.db)
    try:
        {"load": cmd_load, "query": cmd_query}[args.cmd](store, args)
    except (subprocess.CalledProcessError, sqlite3.Error) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
