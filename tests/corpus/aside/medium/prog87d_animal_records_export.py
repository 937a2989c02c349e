#!/usr/bin/env python3
"""Export animal records for studbook keepers and partner institutions.

Reads the local husbandry database (SQLite copy refreshed nightly from the
collection system) and writes one CSV per request: animals of a species,
optionally restricted to a section, with their latest weight and the
transfer history.  Used by the registrar for studbook submissions.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("records-export")

BASE_COLUMNS = [
    "a.accession_no", "a.house_name", "a.species", "a.sex", "a.birth_date",
    "a.section", "a.status",
]

LATEST_WEIGHT = (
    "(SELECT w.kg FROM weights w WHERE w.accession_no = a.accession_no "
    "ORDER BY w.weighed_on DESC LIMIT 1) AS latest_kg"
)

TRANSFERS = (
    "(SELECT group_concat(t.moved_on || ':' || t.institution, '; ') FROM transfers t "
    "WHERE t.accession_no = a.accession_no) AS transfers"
)


class RecordsQuery:
    def __init__(self, species, section=None, status="alive", since=None):
        self.species = species
        self.section = section
        self.status = status
        self.since = since

    def where_clause(self):
        parts = [f"a.species = '{self.species}'"]
        if self.section:
            parts.append(f"a.section = '{self.section}'")
        if self.status != "any":
            parts.append(f"a.status = '{self.status}'")
        if self.since:
            parts.append(f"a.birth_date >= '{self.since}'")
        return " AND ".join(parts)

    def sql(self, with_transfers=True):
        cols = BASE_COLUMNS + [LATEST_WEIGHT]
        if with_transfers:
            cols.append(TRANSFERS)
        return (
            "SELECT " + ", ".join(cols) + " FROM animals a WHERE "
            + self.where_clause() + " ORDER BY a.birth_date, a.accession_no"
        )


def open_db(path):
    if not Path(path).exists():
        raise FileNotFoundError(f"records database {path} not found")
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    return conn


def export(conn, query, out_path, with_transfers=True):
    sql = query.sql(with_transfers)
    log.debug("query: %s", sql)
    cur = conn.execute(sql)
    names = [d[0] for d in cur.description]
    count = 0
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(names)
        for row in cur:
            writer.writerow([row[n] if row[n] is not None else "" for n in names])
            count += 1
    return count


def default_name(query):
    slug = query.species.lower().replace(" ", "_")
    if query.section:
        slug += "_" + query.section.lower().replace(" ", "_")
    return f"records_{slug}_{date.today():%Y%m%d}.csv"


def main(argv=None):
    ap = argparse.ArgumentParser(description="Export animal records to CSV")
    ap.add_argument("species", help="scientific name as stored, e.g. 'Panthera leo'")
    ap.add_argument("--section", help="e.g. 'Big Cats', 'Aquarium'")
    ap.add_argument("--status", default="alive", choices=["alive", "deceased", "transferred", "any"])
    ap.add_argument("--born-since", help="ISO date")
    ap.add_argument("--db", default="husbandry.sqlite")
    ap.add_argument("--no-transfers", action="store_true")
    ap.add_argument("-o", "--output")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    query = RecordsQuery(args.species, args.section, args.status, args.born_since)
    out_path = args.output or default_name(query)
    try:
        with open_db(args.db) as conn:
            n = export(conn, query, out_path, not args.no_transfers)
    except (FileNotFoundError, sqlite3.Error) as exc:
        log.error("%s", exc)
        return 1
    log.info("exported %d record(s) to %s", n, out_path)
    return 0 if n else 3


if __name__ == "__main__":
    sys.exit(main())
