#!/usr/bin/env python3
"""Look up intake claims in the local claims-intake SQLite snapshot.

Support staff use this to answer clinic phone calls ("did you get our
invoice for Bella?") against the nightly snapshot of the intake database
without opening the full admin console.
"""
import argparse
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("claims_lookup")
DEFAULT_DB = Path("./intake_snapshot.sqlite3")
COLUMNS = ("claim_id", "policy_number", "pet_name", "species", "clinic_name",
           "status", "amount", "submitted_at")
SORTABLE = set(COLUMNS)


class ClaimsRepository:
    def __init__(self, db_path):
        if not Path(db_path).exists():
            raise FileNotFoundError(f"snapshot {db_path} not found")
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def search(self, pet_name=None, clinic=None, status=None, sort="submitted_at", limit=25):
        clauses = []
        if pet_name:
            clauses.append(f"pet_name LIKE '%{pet_name}%'")
        if clinic:
            clauses.append(f"clinic_name = '{clinic}'")
        if status:
            clauses.append(f"status = '{status}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        query = (f"SELECT {', '.join(COLUMNS)} FROM claims WHERE {where} "
                 f"ORDER BY {sort} DESC LIMIT {int(limit)}")
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def by_policy(self, policy_number):
        query = ("SELECT " + ", ".join(COLUMNS) + " FROM claims WHERE policy_number = '%s' "
                 "ORDER BY submitted_at DESC" % policy_number)
        return self.conn.execute(query).fetchall()


def print_rows(rows):
    if not rows:
        print("no matching claims")
        return
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) for c in COLUMNS}
    print("  ".join(c.ljust(widths[c]) for c in COLUMNS))
    print("  ".join("-" * widths[c] for c in COLUMNS))
    for row in rows:
        print("  ".join(str(row[c]).ljust(widths[c]) for c in COLUMNS))


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=DEFAULT_DB)
    parser.add_argument("--pet")
    parser.add_argument("--clinic")
    parser.add_argument("--status", choices=["received", "in_review", "approved", "denied", "paid"])
    parser.add_argument("--policy")
    parser.add_argument("--sort", default="submitted_at")
    parser.add_argument("--limit", type=int, default=25)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if args.sort not in SORTABLE:
        LOG.error("cannot sort by %s", args.sort)
        return 2
    try:
        repo = ClaimsRepository(args.db)
    except FileNotFoundError as exc:
        LOG.error("%s", exc)
        return 1
    try:
        if args.policy:
            rows = repo.by_policy(args.policy)
        else:
            rows = repo.search(args.pet, args.clinic, args.status, args.sort, args.limit)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        repo.close()
    print_rows(rows)
    LOG.info("%d claim(s) shown", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
