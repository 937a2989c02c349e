#!/usr/bin/env python3
"""Counter-side parcel lookup: find parcels held at the branch by tracking
number, recipient surname or shelf, and mark them collected."""
import argparse
import functools
import logging
import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

log = logging.getLogger("parcels")

SCHEMA = """
CREATE TABLE IF NOT EXISTS held_parcels (
    tracking TEXT PRIMARY KEY,
    surname TEXT NOT NULL,
    shelf TEXT NOT NULL,
    arrived TEXT NOT NULL,
    collected TEXT
)
"""


@dataclass
class Parcel:
    tracking: str
    surname: str
    shelf: str
    arrived: str
    collected: str | None

    def line(self) -> str:
        state = f"collected {self.collected}" if self.collected else "waiting"
        return f"{self.tracking:<16} {self.surname:<18} shelf {self.shelf:<4} {state}"


def with_db(fn):
    @functools.wraps(fn)
    def wrapper(db_path: Path, *args, **kwargs):
        conn = sqlite3.connect(db_path)
        try:
            conn.execute(SCHEMA)
            result = fn(conn, *args, **kwargs)
            conn.commit()
            return result
        finally:
            conn.close()
    return wrapper


class Filters:
    table = "held_parcels"
    columns = "tracking, surname, shelf, arrived, collected"

    def tracking(self, value: str) -> str:
        return f"tracking = '{value.upper()}'"

    def surname(self, value: str) -> str:
        return f"surname LIKE '%{value}%'"

    def shelf(self, value: str) -> str:
        return f"shelf = '{value}'"

    def build(self, field: str, value: str, waiting_only: bool) -> str:
        clause = getattr(self, field)(value)
        if waiting_only:
            clause += " AND collected IS NULL"
        return f"SELECT {self.columns} FROM {self.table} WHERE {clause} ORDER BY arrived"


@with_db
def find(conn, field: str, value: str, waiting_only: bool):
    query = Filters().build(field, value, waiting_only)
    log.debug("query: %s", query)
    return [Parcel(*row) for row in conn.execute(query)]


@with_db
def mark_collected(conn, tracking: str, clerk: str) -> int:
    stamp = datetime.now().isoformat(timespec="minutes")
    sql = ("UPDATE held_parcels SET collected = '%s by %s' "
           "WHERE tracking = '%s' AND collected IS NULL" % (stamp, clerk, tracking.upper()))
    return conn.execute(sql).rowcount


@with_db
def book_in(conn, tracking: str, surname: str, shelf: str) -> None:
    arrived = datetime.now().date().isoformat()
    conn.execute(
        "INSERT OR REPLACE INTO held_parcels VALUES ('{}', '{}', '{}', '{}', NULL)".format(
            tracking.upper(), surname, shelf, arrived))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", default=os.environ.get("PARCEL_DB", "parcels.sqlite"))
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("field", choices=["tracking", "surname", "shelf"])
    f.add_argument("value")
    f.add_argument("--all", action="store_true", help="include collected parcels")
    c = sub.add_parser("collect")
    c.add_argument("tracking")
    c.add_argument("--clerk", default=os.environ.get("USER", "counter"))
    b = sub.add_parser("book")
    b.add_argument("tracking")
    b.add_argument("surname")
    b.add_argument("shelf")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    db = Path(args.db)
    handlers = {
        "find": lambda: [print(p.line()) for p in find(db, args.field, args.value, not args.all)],
        "collect": lambda: print(f"{mark_collected(db, args.tracking, args.clerk)} parcel(s) updated"),
        "book": lambda: book_in(db, args.tracking, args.surname, args.shelf),
    }
    handlers[args.cmd]()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
