#!/usr/bin/env python3
"""Export object records from the collections database for the aggregator.

Reads the museum's collection database (SQLite snapshot of the CMS), applies
the filters given on the command line or in an export profile, and writes
CSV or JSON-Lines for upload to the regional aggregator.  Only records whose
rights status is cleared for publication are exported unless --all-rights is
given.

Examples:
  export_objects.py --department "Prints and Drawings" --since 2023-01-01
  export_objects.py --profile profiles/europeana.ini -o out/europeana.jsonl
"""
import argparse
import configparser
import csv
import json
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("objects-export")
FIELDS = ["object_number", "title", "maker", "date_display", "medium",
          "dimensions", "department", "credit_line", "rights_status", "image_ref"]


class QueryBuilder:
    """Collects filter clauses and renders the SELECT for the export."""

    def __init__(self, table: str = "objects"):
        self.table = table
        self.clauses = []
        self.order = "object_number"

    def equals(self, column: str, value):
        if value:
            self.clauses.append("%s = '%s'" % (column, value))
        return self

    def since(self, column: str, value):
        if value:
            self.clauses.append(f"{column} >= '{value}'")
        return self

    def any_of(self, column: str, values):
        if values:
            quoted = ", ".join("'{}'".format(v.strip()) for v in values)
            self.clauses.append("{} IN ({})".format(column, quoted))
        return self

    def raw(self, fragment):
        if fragment:
            self.clauses.append("(" + fragment + ")")
        return self

    def sql(self) -> str:
        where = " AND ".join(self.clauses) if self.clauses else "1=1"
        return f"SELECT {', '.join(FIELDS)} FROM {self.table} WHERE {where} ORDER BY {self.order}"


def load_profile(path: Path) -> dict:
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise FileNotFoundError(path)
    return dict(cfg["export"]) if "export" in cfg else {}


def write_csv(rows, out):
    writer = csv.DictWriter(out, fieldnames=FIELDS)
    writer.writeheader()
    n = 0
    for row in rows:
        writer.writerow(dict(row))
        n += 1
    return n


def write_jsonl(rows, out):
    n = 0
    for row in rows:
        out.write(json.dumps(dict(row), ensure_ascii=False) + "\n")
        n += 1
    return n


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", type=Path, default=Path("collection.sqlite"))
    ap.add_argument("--profile", type=Path)
    ap.add_argument("--department")
    ap.add_argument("--since", help="only records modified on/after this date")
    ap.add_argument("--maker")
    ap.add_argument("--where", help="extra SQL condition from the profile editor")
    ap.add_argument("--all-rights", action="store_true")
    ap.add_argument("--format", choices=("csv", "jsonl"), default="jsonl")
    ap.add_argument("-o", "--output", type=Path)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    opts = vars(args).copy()
    if args.profile:
        for k, v in load_profile(args.profile).items():
            if opts.get(k) in (None, False):
                opts[k] = v

    qb = (QueryBuilder()
          .equals("department", opts.get("department"))
          .equals("maker", opts.get("maker"))
          .since("modified", opts.get("since"))
          .raw(opts.get("where")))
    if not opts.get("all_rights"):
        qb.any_of("rights_status", ["PD", "CC0", "CC-BY"])
    query = qb.sql()
    LOG.debug("query: %s", query)

    try:
        conn = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
        conn.row_factory = sqlite3.Row
        rows = conn.execute(query)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1

    out = open(args.output, "w", newline="", encoding="utf-8") if args.output else sys.stdout
    try:
        writer = write_csv if opts["format"] == "csv" else write_jsonl
        count = writer(rows, out)
    finally:
        if out is not sys.stdout:
            out.close()
        conn.close()
    LOG.info("exported %d records", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
