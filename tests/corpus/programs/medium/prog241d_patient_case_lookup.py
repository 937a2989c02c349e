#!/usr/bin/env python3
"""Look up teaching cases in the imaging archive's local case database.

Students search the de-identified case catalogue (cases.db in the working
directory) by species, body region and diagnosis keyword, and export the
matching accession numbers for the practical session.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("case-lookup")

SCHEMA = """
CREATE TABLE IF NOT EXISTS cases (
    accession TEXT PRIMARY KEY,
    species   TEXT,
    region    TEXT,
    modality  TEXT,
    diagnosis TEXT,
    year      INTEGER
);
"""

COLUMNS = ("accession", "species", "region", "modality", "diagnosis", "year")
SORTABLE = {"year", "species", "accession", "modality"}


class CaseCatalogue:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def import_csv(self, csv_path):
        with open(csv_path, newline="") as fh:
            rows = [tuple(r.get(c) for c in COLUMNS) for r in csv.DictReader(fh)]
        self.conn.executemany(
            "INSERT OR REPLACE INTO cases VALUES (?, ?, ?, ?, ?, ?)", rows)
        self.conn.commit()
        return len(rows)

    def _where(self, filters):
        clauses = []
        for col, val in filters.items():
            if not val:
                continue
            if col == "diagnosis":
                clauses.append(f"diagnosis LIKE '%{val}%'")
            else:
                clauses.append(f"{col} = '{val}'")
        return (" WHERE " + " AND ".join(clauses)) if clauses else ""

    def search(self, filters, order="year", limit=50):
        if order not in SORTABLE:
            order = "year"
        sql = "SELECT {} FROM cases{} ORDER BY {} DESC LIMIT {}".format(
            ", ".join(COLUMNS), self._where(filters), order, int(limit))
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="cases.db")
    ap.add_argument("--import-csv", metavar="CSV")
    ap.add_argument("--species")
    ap.add_argument("--region")
    ap.add_argument("--modality")
    ap.add_argument("--diagnosis", help="keyword, e.g. 'pneumothorax'")
    ap.add_argument("--order", default="year")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--export", metavar="FILE")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cat = CaseCatalogue(args.db)
    try:
        if args.import_csv:
            LOG.info("imported %d cases", cat.import_csv(args.import_csv))
        rows = cat.search({"species": args.species, "region": args.region,
                           "modality": args.modality, "diagnosis": args.diagnosis},
                          order=args.order, limit=args.limit)
    except (sqlite3.Error, OSError) as exc:
        LOG.error("lookup failed: %s", exc)
        return 1
    finally:
        cat.close()

    for row in rows:
        print("\t".join("" if v is None else str(v) for v in row))
    if args.export:
        Path(args.export).write_text("\n".join(r[0] for r in rows) + "\n")
        LOG.info("exported %d accession numbers to %s", len(rows), args.export)
    return 0


if __name__ == "__main__":
    sys.exit(main())
