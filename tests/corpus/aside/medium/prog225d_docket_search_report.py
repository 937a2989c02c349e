#!/usr/bin/env python3
"""docket_search_report.py

Ad-hoc docket report for the clerk's office: searches the local SQLite
extract of the case management system by party name, case type and
filing date range and writes the matching docket entries to CSV.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date
from pathlib import Path

LOG = logging.getLogger("docket_report")
CASE_TYPES = {"CV", "CR", "FA", "PR", "SC", "TR"}


class DocketRepository:
    def __init__(self, db_path):
        if not Path(db_path).is_file():
            raise FileNotFoundError(f"docket extract {db_path} not found")
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def search(self, party=None, case_type=None, since=None, until=None, limit=500):
        clauses = []
        if party:
            clauses.append(f"p.name LIKE '%{party}%'")
        if case_type:
            clauses.append(f"c.case_type = '{case_type}'")
        if since:
            clauses.append(f"d.entry_date >= '{since}'")
        if until:
            clauses.append(f"d.entry_date <= '{until}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        query = (
            "SELECT c.case_number, c.case_type, p.name AS party, p.role, "
            "d.entry_date, d.entry_text "
            "FROM cases c "
            "JOIN parties p ON p.case_id = c.id "
            "JOIN docket_entries d ON d.case_id = c.id "
            f"WHERE {where} "
            f"ORDER BY d.entry_date DESC LIMIT {int(limit)}"
        )
        LOG.debug("query: %s", query)
        return [dict(row) for row in self.conn.execute(query)]


def iso_date(value):
    try:
        return date.fromisoformat(value).isoformat()
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"not an ISO date: {value}") from exc


def parse_args(argv):
    parser = argparse.ArgumentParser(description="search the docket extract")
    parser.add_argument("--db", default="./cms_extract.sqlite")
    parser.add_argument("--party", help="substring of a party name")
    parser.add_argument("--case-type", choices=sorted(CASE_TYPES))
    parser.add_argument("--since", type=iso_date)
    parser.add_argument("--until", type=iso_date)
    parser.add_argument("--limit", type=int, default=500)
    parser.add_argument("--out", default="./docket_report.csv")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def write_csv(rows, out_path):
    fields = ["case_number", "case_type", "party", "role", "entry_date", "entry_text"]
    with open(out_path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        repo = DocketRepository(args.db)
    except FileNotFoundError as exc:
        LOG.error("%s", exc)
        return 1
    try:
        rows = repo.search(args.party, args.case_type, args.since, args.until, args.limit)
    except sqlite3.Error as exc:
        LOG.error("search failed: %s", exc)
        return 1
    finally:
        repo.close()
    write_csv(rows, args.out)
    LOG.info("wrote %d docket entries to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
