#!/usr/bin/env python3
"""Quick seller lookup against the onboarding SQLite snapshot.

Fraud analysts pull a nightly SQLite snapshot of the onboarding database
(onboarding_snapshot.db) and use this CLI to answer questions while
working a case: which sellers share a payout account, which applications
came from an IP range, what a seller's onboarding status history looks like.

Usage:
    seller_lookup_cli.py status SELLER_ID
    seller_lookup_cli.py shared-payout ACCOUNT_SUFFIX
    seller_lookup_cli.py by-country CC [--since 2024-01-01] [--order created_at]
"""

import argparse
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("seller-lookup")
DB_PATH = Path("onboarding_snapshot.db")


class Snapshot:
    def __init__(self, path):
        if not path.exists():
            raise FileNotFoundError(f"snapshot {path} not found; run the nightly pull first")
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row

    def query(self, sql):
        LOG.debug("SQL: %s", sql)
        return self.conn.execute(sql).fetchall()

    def status_history(self, seller_id):
        sql = (
            "SELECT changed_at, old_status, new_status, changed_by "
            "FROM status_history WHERE seller_id = '%s' ORDER BY changed_at" % seller_id
        )
        return self.query(sql)

    def shared_payout(self, suffix):
        sql = (
            "SELECT s.seller_id, s.legal_name, p.account_last4, p.bank_name "
            "FROM sellers s JOIN payout_accounts p ON p.seller_id = s.seller_id "
            f"WHERE p.account_last4 = '{suffix}'"
        )
        return self.query(sql)

    def by_country(self, country, since, order):
        sql = (
            "SELECT seller_id, legal_name, status, created_at FROM sellers "
            "WHERE country = '{}' AND created_at >= '{}' ORDER BY {}".format(country, since, order)
        )
        return self.query(sql)

    def close(self):
        self.conn.close()


def print_rows(rows):
    if not rows:
        print("(no rows)")
        return
    cols = rows[0].keys()
    widths = [max(len(c), *(len(str(r[c])) for r in rows)) for c in cols]
    print("  ".join(c.ljust(w) for c, w in zip(cols, widths)))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print("  ".join(str(r[c]).ljust(w) for c, w in zip(cols, widths)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("status")
    p.add_argument("seller_id")
    p = sub.add_parser("shared-payout")
    p.add_argument("suffix")
    p = sub.add_parser("by-country")
    p.add_argument("country")
    p.add_argument("--since", default="1970-01-01")
    p.add_argument("--order", default="created_at")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        snap = Snapshot(args.db)
    except FileNotFoundError as exc:
        LOG.error("%s", exc)
        return 2

    try:
        if args.cmd == "status":
            rows = snap.status_history(args.seller_id)
        elif args.cmd == "shared-payout":
            rows = snap.shared_payout(args.suffix)
        else:
            rows = snap.by_country(args.country.upper(), args.since, args.order)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        snap.close()

    print_rows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
