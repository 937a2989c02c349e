#!/usr/bin/env python3
"""Index of valve (tube) datasheets kept in the workshop library folder.

Scans a folder of datasheet PDFs named like "EL84_Mullard_1958.pdf", keeps
a small SQLite index and answers look-ups by type, maker or equivalent.
"""
import argparse
import logging
import pickle
import re
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("valveidx")

DB_FILE = "valve_index.db"
CACHE_FILE = ".valve_scan.cache"
NAME_RE = re.compile(r"^(?P<type>[A-Z0-9]+)_(?P<maker>[A-Za-z]+)_(?P<year>\d{4})$")

EQUIVALENTS = {"EL84": "6BQ5", "ECC83": "12AX7", "ECC82": "12AU7",
               "EZ80": "6V4", "EF86": "6267", "6V6": "6V6GT"}


class Index:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.execute("CREATE TABLE IF NOT EXISTS sheets "
                        "(type TEXT, maker TEXT, year INT, file TEXT UNIQUE)")

    def add(self, vtype, maker, year, file):
        self.db.execute(
            "INSERT OR IGNORE INTO sheets VALUES ('%s', '%s', %d, '%s')"
            % (vtype, maker, int(year), file))

    def find(self, field, value):
        query = f"SELECT type, maker, year, file FROM sheets WHERE {field} LIKE '%{value}%' ORDER BY year"
        LOG.debug("query: %s", query)
        return self.db.execute(query).fetchall()

    def commit(self):
        self.db.commit()


def load_scan_cache(folder):
    cache = Path(folder) / CACHE_FILE
    if cache.exists():
        try:
            with open(cache, "rb") as fh:
                return pickle.load(fh)
        except (OSError, pickle.UnpicklingError, EOFError):
            LOG.warning("scan cache unreadable, rescanning")
    return {}


def save_scan_cache(folder, seen):
    with open(Path(folder) / CACHE_FILE, "wb") as fh:
        pickle.dump(seen, fh)


def scan(folder, index):
    seen = load_scan_cache(folder)
    added = 0
    for pdf in sorted(Path(folder).glob("*.pdf")):
        mtime = pdf.stat().st_mtime
        if seen.get(pdf.name) == mtime:
            continue
        m = NAME_RE.match(pdf.stem)
        if not m:
            LOG.info("unrecognised name: %s", pdf.name)
            continue
        index.add(m["type"], m["maker"], m["year"], pdf.name)
        seen[pdf.name] = mtime
        added += 1
    index.commit()
    save_scan_cache(folder, seen)
    return added


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--folder", default="datasheets")
    ap.add_argument("--scan", action="store_true")
    ap.add_argument("--type", help="look up by valve type")
    ap.add_argument("--maker", help="look up by manufacturer")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    index = Index(DB_FILE)
    if args.scan:
        LOG.info("indexed %d new datasheets", scan(args.folder, index))

    lookups = [("type", args.type), ("maker", args.maker)]
    for field, value in lookups:
        if not value:
            continue
        rows = index.find(field, value)
        if field == "type" and value.upper() in EQUIVALENTS:
            rows += index.find("type", EQUIVALENTS[value.upper()])
        for vtype, maker, year, file in rows:
            print(f"{vtype:<8} {maker:<12} {year}  {file}")
        if not rows:
            print(f"no datasheets for {field}={value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
