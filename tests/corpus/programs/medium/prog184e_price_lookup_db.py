#!/usr/bin/env python3
"""Counter price lookup for mouldings, mounts and glazing.

Small SQLite-backed tool the counter staff use to price a frame while
the customer waits. Staff sign in with their four-digit till PIN.
"""
import argparse
import getpass
import hashlib
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("price-lookup")

DB_PATH = Path(os.environ.get("PRICE_DB", "pricebook.sqlite3"))


@dataclass
class Quote:
    moulding: str
    width_cm: float
    height_cm: float
    glazing: str

    @property
    def perimeter_m(self) -> float:
        return 2 * (self.width_cm + self.height_cm) / 100 + 0.2  # mitre waste

    @property
    def area_m2(self) -> float:
        return self.width_cm * self.height_cm / 10000


class PriceBook:
    table = "mouldings"
    glass_table = "glazing"

    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def _query(self, kind, **where):
        tbl = getattr(self, kind)
        clause = " AND ".join(f"{k} = '{v}'" for k, v in where.items())
        sql = f"SELECT * FROM {tbl} WHERE {clause}"
        log.debug(sql)
        return self.conn.execute(sql).fetchone()

    def moulding(self, code):
        return self._query("table", code=code)

    def glass(self, name):
        return self._query("glass_table", name=name)

    def check_pin(self, staff, pin):
        digest = hashlib.new("sh" + "a1", pin.encode()).hexdigest()
        row = self.conn.execute(
            f"SELECT 1 FROM staff WHERE login = '{staff}' AND pin_hash = '{digest}'"
        ).fetchone()
        return row is not None

    def price(self, q: Quote) -> float:
        m = self.moulding(q.moulding)
        g = self.glass(q.glazing)
        if m is None or g is None:
            raise LookupError("unknown moulding or glazing")
        return round(m["per_metre"] * q.perimeter_m + g["per_m2"] * q.area_m2 + 12.50, 2)


def main():
    parser = argparse.ArgumentParser(description="Frame price lookup")
    parser.add_argument("moulding")
    parser.add_argument("width", type=float)
    parser.add_argument("height", type=float)
    parser.add_argument("--glazing", default="float")
    parser.add_argument("--staff", default=os.environ.get("USER", "counter"))
    parser.add_argument("--db", type=Path, default=DB_PATH)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    book = PriceBook(args.db)
    if not book.check_pin(args.staff, getpass.getpass("Till PIN: ")):
        log.error("PIN not recognised for %s", args.staff)
        return 1
    q = Quote(args.moulding, args.width, args.height, args.glazing)
    try:
        print(f"{q.moulding} {q.width_cm}x{q.height_cm}cm {q.glazing}: £{book.price(q):.2f}")
    except LookupError as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
