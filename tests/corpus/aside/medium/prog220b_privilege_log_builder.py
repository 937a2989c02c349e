#!/usr/bin/env python3
"""Build a privilege log from the review coding database export.

Reads a SQLite export of the review platform's coding table (one row per
document with privilege calls), filters by matter, custodian and privilege
basis, and writes the privilege log CSV that goes to opposing counsel.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("privlog")

COLUMNS = [
    "begdoc",
    "enddoc",
    "doc_date",
    "author",
    "recipients",
    "doc_type",
    "priv_basis",
    "description",
]

BASIS_LABELS = {
    "AC": "Attorney-Client Communication",
    "WP": "Attorney Work Product",
    "CI": "Common Interest",
}


class PrivilegeLog:
    def __init__(self, db_path):
        self.db_path = Path(db_path)
        if not self.db_path.is_file():
            raise FileNotFoundError(db_path)
        self.conn = sqlite3.connect(str(self.db_path))
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def fetch(self, matter, custodian=None, basis=None, withheld_only=True):
        # filters are assembled from the command line for the reviewer
        where = [f"matter_id = '{matter}'"]
        if custodian:
            where.append(f"custodian = '{custodian}'")
        if basis:
            where.append(f"priv_basis = '{basis}'")
        if withheld_only:
            where.append("production_status IN ('WITHHELD', 'REDACTED')")
        sql = (
            f"SELECT {', '.join(COLUMNS)} FROM coding "
            f"WHERE {' AND '.join(where)} ORDER BY begdoc"
        )
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()


def expand_basis(code):
    parts = [p.strip() for p in (code or "").split(";") if p.strip()]
    return "; ".join(BASIS_LABELS.get(p, p) for p in parts)


def write_log(rows, out_path):
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["Entry", "Beg Bates", "End Bates", "Date", "Author",
                    "Recipients", "Type", "Privilege", "Description"])
        for idx, row in enumerate(rows, start=1):
            w.writerow([
                idx,
                row["begdoc"],
                row["enddoc"],
                row["doc_date"],
                row["author"],
                row["recipients"],
                row["doc_type"],
                expand_basis(row["priv_basis"]),
                row["description"],
            ])
    LOG.info("wrote %d entries to %s", len(rows), out_path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("database", help="SQLite export of the coding table")
    ap.add_argument("--matter", required=True)
    ap.add_argument("--custodian")
    ap.add_argument("--basis", help="AC, WP or CI")
    ap.add_argument("--include-produced", action="store_true")
    ap.add_argument("-o", "--output", default="privilege_log.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(levelname)s %(message)s",
    )

    try:
        plog = PrivilegeLog(args.database)
    except FileNotFoundError:
        LOG.error("database %s not found", args.database)
        return 2

    try:
        rows = plog.fetch(
            args.matter,
            custodian=args.custodian,
            basis=args.basis,
            withheld_only=not args.include_produced,
        )
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        plog.close()

    if not rows:
        LOG.warning("no privileged documents matched")
    write_log(rows, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
