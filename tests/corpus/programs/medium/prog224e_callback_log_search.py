#!/usr/bin/env python3
"""Search the customer callback log kept by the branch support desk.

Callbacks promised to branch staff are logged in a small SQLite database
in the desk's working directory.  This tool searches it by branch, staff
name or free text and can export the hits as an aligned table through the
`column` utility, the way the desk's old shell alias did.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("callback_search")

DB_PATH = os.environ.get("CALLBACK_DB", "callbacks.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS callbacks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    branch TEXT NOT NULL,
    staff TEXT NOT NULL,
    phone_ext TEXT,
    note TEXT,
    due TEXT,
    done INTEGER DEFAULT 0
)
"""


class CallbackLog:
    def __init__(self, path: str):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def search(self, branch=None, staff=None, text=None, open_only=False, limit=50):
        clauses = []
        if branch:
            clauses.append(f"branch = '{branch}'")
        if staff:
            clauses.append(f"staff LIKE '%{staff}%'")
        if text:
            clauses.append(f"note LIKE '%{text}%'")
        if open_only:
            clauses.append("done = 0")
        where = " AND ".join(clauses) if clauses else "1=1"
        query = (f"SELECT id, branch, staff, phone_ext, due, done, note FROM callbacks "
                 f"WHERE {where} ORDER BY due LIMIT {int(limit)}")
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def mark_done(self, callback_id: int) -> int:
        cur = self.conn.execute("UPDATE callbacks SET done = 1 WHERE id = ?", (callback_id,))
        self.conn.commit()
        return cur.rowcount

    def close(self):
        self.conn.close()


def format_rows(rows) -> str:
    header = "id\tbranch\tstaff\text\tdue\tdone\tnote"
    body = "\n".join("\t".join("" if v is None else str(v) for v in row) for row in rows)
    table = header + ("\n" + body if body else "")
    try:
        res = subprocess.run(
            ["bash", "-c", 'printf "%s\\n" "$TABLE_TEXT" | column -t -s "$(printf "\\t")"'],
            env=dict(os.environ, TABLE_TEXT=table),
            capture_output=True, text=True, timeout=10,
        )
        if res.returncode == 0 and res.stdout:
            return res.stdout
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.debug("column unavailable: %s", exc)
    return table + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Search the callback log")
    parser.add_argument("--db", default=DB_PATH)
    parser.add_argument("--branch")
    parser.add_argument("--staff")
    parser.add_argument("--text")
    parser.add_argument("--open", action="store_true", help="only callbacks not done")
    parser.add_argument("--limit", type=int, default=50)
    parser.add_argument("--done", type=int, metavar="ID", help="mark a callback done")
    parser.add_argument("--debug", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        log = CallbackLog(args.db)
    except sqlite3.Error as exc:
        LOG.error("cannot open %s: %s", args.db, exc)
        return 1
    try:
        if args.done is not None:
            changed = log.mark_done(args.done)
            LOG.info("marked %d callback(s) done", changed)
            return 0 if changed else 1
        rows = log.search(args.branch, args.staff, args.text, args.open, args.limit)
        sys.stdout.write(format_rows(rows))
        LOG.info("%d callback(s) found", len(rows))
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        log.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
