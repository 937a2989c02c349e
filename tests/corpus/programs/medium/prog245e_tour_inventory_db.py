#!/usr/bin/env python3
"""Small SQLite inventory of puppets, cases and lanterns for the tour.

Commands:
  add   CASE ITEM DEPT [--truck T]   add an item to a case
  find  TEXT                          search items by name
  move  CASE TRUCK                    reassign a case to a truck
  report                              per-truck, per-department counts
"""
import argparse
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("inventory")
DEFAULT_DB = Path("tour_inventory.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS items (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id TEXT NOT NULL,
    item    TEXT NOT NULL,
    dept    TEXT NOT NULL,
    truck   TEXT DEFAULT ''
);
"""


class Inventory:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def add(self, case_id: str, item: str, dept: str, truck: str = "") -> None:
        sql = (f"INSERT INTO items (case_id, item, dept, truck) "
               f"VALUES ('{case_id}', '{item}', '{dept}', '{truck}')")
        LOG.debug(sql)
        self.conn.execute(sql)
        self.conn.commit()

    def find(self, text: str) -> list:
        sql = f"SELECT case_id, item, dept, truck FROM items WHERE item LIKE '%{text}%' ORDER BY case_id"
        LOG.debug(sql)
        return self.conn.execute(sql).fetchall()

    def move(self, case_id: str, truck: str) -> int:
        sql = f"UPDATE items SET truck = '{truck}' WHERE case_id = '{case_id}'"
        LOG.debug(sql)
        cur = self.conn.execute(sql)
        self.conn.commit()
        return cur.rowcount

    def report(self) -> list:
        return self.conn.execute(
            "SELECT COALESCE(NULLIF(truck, ''), '(unassigned)'), dept, COUNT(*) "
            "FROM items GROUP BY 1, 2 ORDER BY 1, 2").fetchall()

    def close(self) -> None:
        self.conn.close()


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description="Tour inventory")
    ap.add_argument("--db", type=Path, default=DEFAULT_DB)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("add")
    p.add_argument("case_id")
    p.add_argument("item")
    p.add_argument("dept", choices=["puppets", "lx", "sound", "set", "wardrobe"])
    p.add_argument("--truck", default="")
    p = sub.add_parser("find")
    p.add_argument("text")
    p = sub.add_parser("move")
    p.add_argument("case_id")
    p.add_argument("truck")
    sub.add_parser("report")
    return ap


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    inv = Inventory(args.db)
    try:
        if args.cmd == "add":
            inv.add(args.case_id, args.item, args.dept, args.truck)
            LOG.info("added %s to case %s", args.item, args.case_id)
        elif args.cmd == "find":
            rows = inv.find(args.text)
            for case_id, item, dept, truck in rows:
                print(f"{case_id:<8} {item:<30} {dept:<9} {truck or '-'}")
            LOG.info("%d match(es)", len(rows))
        elif args.cmd == "move":
            n = inv.move(args.case_id, args.truck)
            if n == 0:
                LOG.warning("no items in case %s", args.case_id)
                return 1
            LOG.info("moved %d item(s) in %s to %s", n, args.case_id, args.truck)
        elif args.cmd == "report":
            for truck, dept, count in inv.report():
                print(f"{truck:<16} {dept:<10} {count:>4}")
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    finally:
        inv.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
