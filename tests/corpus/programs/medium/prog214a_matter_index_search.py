#!/usr/bin/env python3
"""Small full-text index of a matter's document folder.

Paralegals use it to find exhibits by keyword before the DMS search is set up
for a new matter.  Text is pulled from PDFs with pdftotext (poppler) via a
short shell pipeline, stored in SQLite, and searched from the command line.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("matter-index")

EXTRACT_PIPELINE = 'pdftotext -layout -q "$SRC_PDF" - | tr -s "[:space:]" " " | head -c 2000000'

SCHEMA = """
CREATE TABLE IF NOT EXISTS docs (
    id INTEGER PRIMARY KEY,
    path TEXT UNIQUE,
    custodian TEXT,
    mtime REAL,
    body TEXT
)
"""


class MatterIndex:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.execute(SCHEMA)

    def close(self):
        self.conn.commit()
        self.conn.close()

    @staticmethod
    def extract_text(path):
        if path.suffix.lower() == ".txt":
            return path.read_text(encoding="utf-8", errors="replace")
        env = dict(os.environ, SRC_PDF=str(path))
        proc = subprocess.run(["bash", "-c", EXTRACT_PIPELINE], env=env,
                              capture_output=True, text=True, timeout=120)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or "pdftotext failed")
        return proc.stdout

    def add_folder(self, folder, custodian):
        added = skipped = 0
        for path in sorted(Path(folder).rglob("*")):
            if path.suffix.lower() not in (".pdf", ".txt") or not path.is_file():
                continue
            mtime = path.stat().st_mtime
            row = self.conn.execute("SELECT mtime FROM docs WHERE path = ?", (str(path),)).fetchone()
            if row and row[0] >= mtime:
                skipped += 1
                continue
            try:
                body = self.extract_text(path)
            except (RuntimeError, subprocess.TimeoutExpired, OSError) as exc:
                LOG.warning("skip %s: %s", path, exc)
                continue
            self.conn.execute(
                "INSERT OR REPLACE INTO docs (path, custodian, mtime, body) VALUES (?, ?, ?, ?)",
                (str(path), custodian, mtime, body),
            )
            added += 1
        self.conn.commit()
        LOG.info("indexed %d documents, %d unchanged", added, skipped)

    def search(self, terms, custodian=None, limit=25):
        # Build the WHERE clause from the search terms typed by the user.
        clauses = [f"body LIKE '%{t}%'" for t in terms]
        if custodian:
            clauses.append(f"custodian = '{custodian}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = f"SELECT path, custodian FROM docs WHERE {where} ORDER BY path LIMIT {int(limit)}"
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()


def main():
    ap = argparse.ArgumentParser(description="Index and search a matter folder")
    ap.add_argument("--db", default="matter_index.sqlite3")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add", help="index a folder")
    a.add_argument("folder")
    a.add_argument("--custodian", default="unknown")
    s = sub.add_parser("search", help="search indexed documents")
    s.add_argument("terms", nargs="+")
    s.add_argument("--custodian")
    s.add_argument("--limit", type=int, default=25)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    index = MatterIndex(args.db)
    try:
        if args.cmd == "add":
            if not Path(args.folder).is_dir():
                LOG.error("%s is not a folder", args.folder)
                return 1
            index.add_folder(args.folder, args.custodian)
        else:
            rows = index.search(args.terms, args.custodian, args.limit)
            for path, custodian in rows:
                print(f"{custodian:15} {path}")
            LOG.info("%d hits", len(rows))
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    finally:
        index.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
