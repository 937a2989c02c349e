#!/usr/bin/env python3
"""Band tune library database.

Keeps an SQLite catalogue of every tune the band plays (type, key, parts,
composer, which sets it appears in) so the pipe-major can answer "which
2/4 marches do the learners know?" without digging through folders.
"""
import argparse
import logging
import os
import pickle
import re
import sqlite3
from pathlib import Path

LOG = logging.getLogger("tunedb")

DB_PATH = Path(os.environ.get("TUNEDB_PATH", "tunes.sqlite3"))
CACHE_PATH = Path(os.environ.get("TUNEDB_CACHE", ".tunedb_cache.pkl"))
TUNE_TYPES = ("march", "strathspey", "reel", "jig", "hornpipe", "slow air", "retreat")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tunes (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    kind TEXT,
    metre TEXT,
    parts INTEGER,
    composer TEXT,
    learners INTEGER DEFAULT 0
);
"""


class TuneLibrary:
    def __init__(self, path):
        self.conn = sqlite3.connect(str(path))
        self.conn.executescript(SCHEMA)

    def add(self, title, kind, metre, parts, composer, learners=False):
        sql = ("INSERT INTO tunes (title, kind, metre, parts, composer, learners) "
               "VALUES ('%s', '%s', '%s', %d, '%s', %d)"
               % (title, kind, metre, parts, composer, int(learners)))
        self.conn.execute(sql)
        self.conn.commit()

    def search(self, field, term):
        sql = f"SELECT title, kind, metre, parts, composer FROM tunes WHERE {field} LIKE '%{term}%' ORDER BY title"
        return self.conn.execute(sql).fetchall()

    def all(self):
        return self.conn.execute("SELECT title, kind, metre, parts, composer FROM tunes").fetchall()


def scan_folder(folder):
    """Pull basic metadata out of ABC headers."""
    found = []
    for p in sorted(folder.glob("*.abc")):
        text = p.read_text(encoding="utf-8", errors="replace")
        title = re.search(r"^T:\s*(.+)$", text, re.M)
        metre = re.search(r"^M:\s*(.+)$", text, re.M)
        rhythm = re.search(r"^R:\s*(.+)$", text, re.M)
        composer = re.search(r"^C:\s*(.+)$", text, re.M)
        parts = len(re.findall(r"^P:", text, re.M)) or text.count("||") or 1
        found.append((title.group(1).strip() if title else p.stem,
                      (rhythm.group(1).strip().lower() if rhythm else "unknown"),
                      metre.group(1).strip() if metre else "?",
                      parts,
                      composer.group(1).strip() if composer else "Trad."))
    return found


def load_cache():
    if CACHE_PATH.exists():
        with CACHE_PATH.open("rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(data):
    with CACHE_PATH.open("wb") as fh:
        pickle.dump(data, fh)


def main():
    ap = argparse.ArgumentParser(description="Band tune library")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("import"); s.add_argument("folder", type=Path)
    q = sub.add_parser("find"); q.add_argument("term")
    q.add_argument("--field", default="title", choices=["title", "kind", "composer", "metre"])
    sub.add_parser("list")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    lib = TuneLibrary(DB_PATH)
    if args.cmd == "import":
        cache = load_cache()
        for row in scan_folder(args.folder):
            if row[0] in cache:
                continue
            lib.add(*row, learners=row[1] in TUNE_TYPES[:2])
            cache[row[0]] = row
        save_cache(cache)
        LOG.info("library now holds %d tunes", len(lib.all()))
    elif args.cmd == "find":
        for row in lib.search(args.field, args.term):
            print("{:<40} {:<12} {:<6} {} parts  {}".format(*row))
    else:
        for row in lib.all():
            print("{:<40} {:<12} {:<6} {} parts  {}".format(*row))


if __name__ == "__main__":
    main()
