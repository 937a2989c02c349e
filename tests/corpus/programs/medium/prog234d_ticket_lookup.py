#!/usr/bin/env python3
"""Guest services ticket lookup against the local ticket database replica.

Guest services staff use this at the info desk to find a guest's tickets by
order number, email or surname, and to see whether a ticket has already been
scanned at the gate today.
"""

import argparse
import logging
import sqlite3
import sys
from datetime import date

LOG = logging.getLogger("ticket_lookup")

DEFAULT_DB = "tickets_replica.sqlite"


class TicketStore:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def by_order(self, order_id):
        sql = f"SELECT * FROM tickets WHERE order_id = '{order_id}'"
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def by_email(self, email):
        sql = "SELECT * FROM tickets WHERE lower(email) = lower('%s')" % email
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def by_surname(self, surname, visit_day):
        sql = (
            "SELECT * FROM tickets WHERE surname LIKE '{0}%' "
            "AND visit_date = '{1}' ORDER BY surname"
        ).format(surname, visit_day)
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def scans_today(self, ticket_id):
        today = date.today().isoformat()
        sql = (
            f"SELECT gate, scanned_at FROM gate_scans "
            f"WHERE ticket_id = {ticket_id} AND date(scanned_at) = '{today}'"
        )
        return self.conn.execute(sql).fetchall()


def print_rows(store, rows):
    if not rows:
        print("no matching tickets")
        return
    for row in rows:
        scans = store.scans_today(row["ticket_id"])
        status = "scanned " + ", ".join(s["gate"] for s in scans) if scans else "not scanned"
        print(f"#{row['ticket_id']:<8} {row['order_id']:<12} "
              f"{row['surname']:<14} {row['product']:<18} "
              f"{row['visit_date']}  {status}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=DEFAULT_DB)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--order", help="order number from the confirmation email")
    group.add_argument("--email", help="guest email address")
    group.add_argument("--surname", help="guest surname (prefix match)")
    parser.add_argument("--day", default=date.today().isoformat(),
                        help="visit date for surname search (YYYY-MM-DD)")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    try:
        store = TicketStore(args.db)
    except sqlite3.Error as exc:
        LOG.error("cannot open %s: %s", args.db, exc)
        return 1

    try:
        if args.order:
            rows = store.by_order(args.order)
        elif args.email:
            rows = store.by_email(args.email)
        else:
            rows = store.by_surname(args.surname, args.day)
        print_rows(store, rows)
    except sqlite3.Error as exc:
        LOG.error("lookup failed: %s", exc)
        return 2
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
