#!/usr/bin/env python3
"""Help-desk lookup for parking tickets and lost-ticket claims.

Front-desk staff use this to find a customer's entry/exit records by plate,
ticket number or date range, and to mark lost-ticket claims as settled.
"""
import argparse
import logging
import os
import sqlite3
from dataclasses import dataclass
from datetime import date
from pathlib import Path

log = logging.getLogger("tickets.lookup")

DB_PATH = Path(os.environ.get("TICKET_DB", "tickets.db"))


@dataclass
class Query:
    table: str = "tickets"
    columns: tuple = ("ticket_no", "plate", "entry_ts", "exit_ts", "level", "amount_pence")

    def select(self, where, order="entry_ts DESC", limit=50):
        cols = ", ".join(self.columns)
        return f"SELECT {cols} FROM {self.table} WHERE {where} ORDER BY {order} LIMIT {limit}"


def _conn():
    conn = sqlite3.connect(str(DB_PATH))
    conn.row_factory = sqlite3.Row
    return conn


def by_plate(args):
    plate = args.value.replace(" ", "").upper()
    return Query().select(f"replace(upper(plate), ' ', '') = '{plate}'")


def by_ticket(args):
    return Query().select(f"ticket_no = '{args.value}'", limit=1)


def by_range(args):
    start, _, end = args.value.partition("..")
    end = end or date.today().isoformat()
    return Query().select(f"entry_ts BETWEEN '{start}' AND '{end} 23:59:59'",
                          order=args.order or "entry_ts")


def settle_claim(args):
    who = os.environ.get("USER", "desk")
    return (
        "UPDATE lost_ticket_claims SET status = 'settled', "
        f"settled_by = '{who}', note = '{args.note}' "
        f"WHERE claim_id = {args.value}"
    )


HANDLERS = {
    "plate": by_plate,
    "ticket": by_ticket,
    "range": by_range,
    "settle": settle_claim,
}


def render(rows):
    if not rows:
        print("no matching records")
        return
    keys = rows[0].keys()
    widths = {k: max(len(k), *(len(str(r[k])) for r in rows)) for k in keys}
    print("  ".join(k.ljust(widths[k]) for k in keys))
    for r in rows:
        print("  ".join(str(r[k]).ljust(widths[k]) for k in keys))


def run(kind, args):
    sql = HANDLERS[kind](args)
    log.debug("sql: %s", sql)
    with _conn() as conn:
        cur = conn.execute(sql)
        if sql.lstrip().upper().startswith("SELECT"):
            return cur.fetchall()
        log.info("%d row(s) updated", cur.rowcount)
        return []


def main():
    ap = argparse.ArgumentParser(description="Parking ticket help-desk lookup")
    ap.add_argument("kind", choices=sorted(HANDLERS))
    ap.add_argument("value", help="plate, ticket number, YYYY-MM-DD..YYYY-MM-DD or claim id")
    ap.add_argument("--order", help="ORDER BY clause for range queries")
    ap.add_argument("--note", default="settled at desk")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not DB_PATH.exists():
        log.error("ticket database %s not found", DB_PATH)
        return 1
    render(run(args.kind, args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
