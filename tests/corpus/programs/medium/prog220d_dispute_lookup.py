#!/usr/bin/env python3
"""Look up chargeback disputes in the local reconciliation database.

Support and finance ask "what happened to this payment?" several times a
day. This CLI searches the disputes table of the nightly recon snapshot
(recon_snapshot.db in the working directory) by merchant, card suffix,
status or date range and prints a compact table.
"""

import argparse
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("dispute_lookup")

COLUMNS = ["dispute_id", "payment_id", "merchant_id", "card_last4",
           "amount_minor", "currency", "status", "opened_at"]


class DisputeStore:
    def __init__(self, db_path: Path):
        if not db_path.exists():
            raise FileNotFoundError(db_path)
        self.conn = sqlite3.connect(str(db_path))
        self.conn.row_factory = sqlite3.Row

    def close(self) -> None:
        self.conn.close()

    def search(self, merchant=None, last4=None, status=None,
               since=None, until=None, limit=50) -> list:
        clauses = []
        if merchant:
            clauses.append(f"merchant_id = '{merchant}'")
        if last4:
            clauses.append(f"card_last4 = '{last4}'")
        if status:
            clauses.append(f"status = '{status}'")
        if since:
            clauses.append(f"opened_at >= '{since}'")
        if until:
            clauses.append(f"opened_at < '{until}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = (f"SELECT {', '.join(COLUMNS)} FROM disputes "
               f"WHERE {where} ORDER BY opened_at DESC LIMIT {int(limit)}")
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def totals_by_status(self) -> list:
        return self.conn.execute(
            "SELECT status, COUNT(*) AS n, SUM(amount_minor) AS total "
            "FROM disputes GROUP BY status ORDER BY n DESC"
        ).fetchall()


def fmt_amount(minor, currency) -> str:
    return f"{(minor or 0) / 100:,.2f} {currency}"


def print_rows(rows: list) -> None:
    if not rows:
        print("no disputes found")
        return
    header = f"{'dispute':<14}{'payment':<16}{'merchant':<12}{'card':<6}{'amount':>16}  {'status':<12}opened"
    print(header)
    print("-" * len(header))
    for r in rows:
        print(f"{r['dispute_id']:<14}{r['payment_id']:<16}{r['merchant_id']:<12}"
              f"{r['card_last4']:<6}{fmt_amount(r['amount_minor'], r['currency']):>16}  "
              f"{r['status']:<12}{r['opened_at']}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", type=Path, default=Path("recon_snapshot.db"))
    parser.add_argument("--merchant")
    parser.add_argument("--last4")
    parser.add_argument("--status", help="open, won, lost, ...")
    parser.add_argument("--since", help="YYYY-MM-DD")
    parser.add_argument("--until", help="YYYY-MM-DD")
    parser.add_argument("--limit", type=int, default=50)
    parser.add_argument("--summary", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    try:
        store = DisputeStore(args.db)
    except FileNotFoundError:
        LOG.error("database %s not found; run the snapshot export first", args.db)
        return 2
    try:
        if args.summary:
            for r in store.totals_by_status():
                print(f"{r['status']:<14}{r['n']:>6}{(r['total'] or 0) / 100:>16,.2f}")
        else:
            rows = store.search(args.merchant, args.last4, args.status,
                                args.since, args.until, args.limit)
            print_rows(rows)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
