#!/usr/bin/env python3
"""parts_lookup.py - search the music library's parts catalogue.

The library keeps its catalogue of sets (work, composer, publisher, edition,
shelf location and number of string parts) in a SQLite database maintained
by the librarians. This is the quick command-line lookup used at the
library desk when a conductor's office asks whether a work is on the shelf.

Usage:
    parts_lookup.py --db catalogue.db --composer Brahms [--title "Symphony"]
    parts_lookup.py --db catalogue.db --shelf C4 --sort title
"""

import argparse
import logging
import sqlite3
import sys

log = logging.getLogger("parts_lookup")

SORTABLE = ("title", "composer", "shelf", "edition")


class Catalogue:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def search(self, composer=None, title=None, shelf=None, sort="composer", limit=50):
        clauses = []
        if composer:
            clauses.append(f"composer LIKE '%{composer}%'")
        if title:
            clauses.append(f"title LIKE '%{title}%'")
        if shelf:
            clauses.append(f"shelf = '{shelf}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        query = (
            "SELECT title, composer, publisher, edition, shelf, string_count, on_loan "
            f"FROM sets WHERE {where} ORDER BY {sort} LIMIT {int(limit)}"
        )
        log.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def close(self):
        self.conn.close()


def format_row(row):
    loan = " (ON LOAN)" if row["on_loan"] else ""
    strings = row["string_count"] or "?"
    return (f"{row['composer']:<18} {row['title'][:38]:<38} "
            f"{row['publisher'] or '':<14} {row['edition'] or '':<10} "
            f"shelf {row['shelf']:<5} strings {strings}{loan}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="catalogue.db")
    parser.add_argument("--composer")
    parser.add_argument("--title")
    parser.add_argument("--shelf")
    parser.add_argument("--sort", choices=SORTABLE, default="composer")
    parser.add_argument("--limit", type=int, default=50)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not (args.composer or args.title or args.shelf):
        parser.error("give at least one of --composer, --title, --shelf")

    try:
        cat = Catalogue(args.db)
        rows = cat.search(args.composer, args.title, args.shelf, args.sort, args.limit)
    except sqlite3.Error as exc:
        log.error("catalogue query failed: %s", exc)
        return 2

    if not rows:
        print("no matching sets in the catalogue")
        return 1
    for row in rows:
        print(format_row(row))
    on_loan = sum(1 for r in rows if r["on_loan"])
    log.info("%d set(s) found, %d on loan", len(rows), on_loan)
    cat.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
