#!/usr/bin/env python3
"""Front desk member lookup for the roller disco.

Searches the members database by name, card number or postcode, shows
season pass status and can record a visit when a member checks in.
"""
import argparse
import logging
import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from datetime import date, datetime
from functools import partial

log = logging.getLogger("member-lookup")

DB_PATH = os.environ.get("MEMBERS_DB", "members.sqlite3")

COLUMNS = ("card_no", "first_name", "last_name", "postcode", "pass_type", "pass_expires")


@dataclass
class Member:
    card_no: str
    first_name: str
    last_name: str
    postcode: str
    pass_type: str
    pass_expires: str

    @property
    def active(self):
        try:
            return datetime.strptime(self.pass_expires, "%Y-%m-%d").date() >= date.today()
        except (TypeError, ValueError):
            return False

    def line(self):
        state = "active" if self.active else "expired"
        return f"{self.card_no:10} {self.first_name} {self.last_name:18} {self.pass_type:10} {state}"


class QueryBuilder:
    table = "members"
    ops = {"exact": "{col} = '{val}'", "prefix": "{col} LIKE '{val}%'"}

    def __init__(self, order_by="last_name"):
        self.order_by = order_by

    def where(self, field, value, op):
        return self.ops[op].format(col=field, val=value)

    def select(self, clause):
        cols = ", ".join(COLUMNS)
        return f"SELECT {cols} FROM {self.table} WHERE {clause} ORDER BY {self.order_by}"


SEARCHES = {
    "name": partial(QueryBuilder.where, field="last_name", op="prefix"),
    "card": partial(QueryBuilder.where, field="card_no", op="exact"),
    "postcode": partial(QueryBuilder.where, field="postcode", op="prefix"),
}


def lookup(conn, kind, term, order_by):
    builder = QueryBuilder(order_by)
    clause = SEARCHES[kind](builder, value=term.strip())
    sql = builder.select(clause)
    log.debug("sql: %s", sql)
    with closing(conn.cursor()) as cur:
        cur.execute(sql)
        return [Member(*row) for row in cur.fetchall()]


def record_visit(conn, card_no):
    stamp = datetime.now().isoformat(timespec="seconds")
    conn.execute(
        "INSERT INTO visits (card_no, visited_at) VALUES ('%s', '%s')" % (card_no, stamp)
    )
    conn.commit()
    log.info("visit recorded for %s", card_no)


def main():
    parser = argparse.ArgumentParser(description="Look up a roller disco member")
    parser.add_argument("kind", choices=sorted(SEARCHES))
    parser.add_argument("term")
    parser.add_argument("--order-by", default="last_name")
    parser.add_argument("--check-in", action="store_true", help="record a visit for a single match")
    parser.add_argument("--db", default=DB_PATH)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")

    with closing(sqlite3.connect(args.db)) as conn:
        members = lookup(conn, args.kind, args.term, args.order_by)
        if not members:
            print("no match")
            return 1
        for m in members:
            print(m.line())
        if args.check_in:
            if len(members) != 1:
                log.error("check-in needs exactly one match, got %d", len(members))
                return 1
            record_visit(conn, members[0].card_no)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
