#!/usr/bin/env python3
"""Quick search over the collection catalogue export.

Curators use this on their laptops to look things up in the nightly SQLite
export of the collection database without opening the full CMS. Settings
(which fields to show, saved searches) live in a small YAML file.
"""
import argparse
import hashlib
import logging
import os
import sqlite3
import sys

import yaml

log = logging.getLogger("catsearch")

DEFAULT_DB = "collection_export.sqlite"
DEFAULT_SETTINGS = "catsearch.yaml"
DEFAULT_FIELDS = ["object_number", "title", "maker", "date_made", "location"]


def load_settings(path):
    if not os.path.exists(path):
        return {"fields": DEFAULT_FIELDS, "saved": {}}
    with open(path) as fh:
        # settings file can carry custom tags from the old tool
        data = yaml.load(fh, Loader=yaml.Loader) or {}
    data.setdefault("fields", DEFAULT_FIELDS)
    data.setdefault("saved", {})
    return data


def curator_token(name, pin):
    """Short token printed on the curator's results so sheets can be traced."""
    return hashlib.md5(f"{name}:{pin}".encode()).hexdigest()[:12]


class Catalogue:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def search(self, fields, term=None, maker=None, location=None, limit=50):
        clauses = []
        if term:
            clauses.append(f"(title LIKE '%{term}%' OR description LIKE '%{term}%')")
        if maker:
            clauses.append(f"maker = '{maker}'")
        if location:
            clauses.append(f"location LIKE '{location}%'")
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = f"SELECT {', '.join(fields)} FROM objects WHERE {where} ORDER BY object_number LIMIT {int(limit)}"
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def print_rows(rows, fields):
    if not rows:
        print("no matches")
        return
    widths = {f: max(len(f), *(len(str(r[f] or "")) for r in rows)) for f in fields}
    print("  ".join(f.ljust(widths[f]) for f in fields))
    for r in rows:
        print("  ".join(str(r[f] or "").ljust(widths[f]) for f in fields))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("term", nargs="?")
    ap.add_argument("--maker")
    ap.add_argument("--location")
    ap.add_argument("--saved", help="name of a saved search from the settings file")
    ap.add_argument("--db", default=DEFAULT_DB)
    ap.add_argument("--settings", default=DEFAULT_SETTINGS)
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    settings = load_settings(args.settings)
    query = {"term": args.term, "maker": args.maker, "location": args.location}
    if args.saved:
        query.update(settings["saved"].get(args.saved, {}))

    try:
        cat = Catalogue(args.db)
        rows = cat.search(settings["fields"], limit=args.limit, **query)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    print_rows(rows, settings["fields"])
    who = os.environ.get("USER", "curator")
    print(f"\n-- {len(rows)} rows, ref {curator_token(who, settings.get('pin', '0000'))}")
    cat.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
