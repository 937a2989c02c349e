#!/usr/bin/env python3
"""Customer-service lookup for school uniform orders.

Reads shop settings from shop.yaml and answers the usual phone queries:
which orders a parent has, what is outstanding for a school, and the size
breakdown for a year group.
"""
import argparse
import logging
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, List, Tuple

import yaml

log = logging.getLogger("order_lookup")


@dataclass
class Settings:
    db_path: Path
    table: str = "orders"
    page_size: int = 50

    @classmethod
    def from_yaml(cls, path: Path) -> "Settings":
        with path.open() as fh:
            raw = yaml.load(fh, Loader=yaml.Loader) or {}
        return cls(
            db_path=Path(raw.get("database", "shop.db")),
            table=raw.get("orders_table", "orders"),
            page_size=int(raw.get("page_size", 50)),
        )


class Queries:
    def __init__(self, settings: Settings):
        self.s = settings

    def by_parent(self, email: str) -> str:
        return (
            f"SELECT order_no, pupil_name, school, status, total FROM {self.s.table} "
            f"WHERE parent_email = '{email}' ORDER BY created DESC LIMIT {self.s.page_size}"
        )

    def outstanding(self, school: str) -> str:
        return (
            "SELECT order_no, pupil_name, item, size FROM %s "
            "WHERE school LIKE '%%%s%%' AND status != 'dispatched'" % (self.s.table, school)
        )

    def sizes(self, school: str, year: str) -> str:
        return (
            "SELECT item, size, COUNT(*) FROM {t} WHERE school = '{s}' "
            "AND year_group = '{y}' GROUP BY item, size ORDER BY item, size"
        ).format(t=self.s.table, s=school, y=year)


def fetch(db: Path, sql: str) -> List[Tuple]:
    log.debug("sql: %s", sql)
    with closing(sqlite3.connect(str(db))) as conn:
        return conn.execute(sql).fetchall()


def show(rows: List[Tuple]) -> None:
    if not rows:
        print("(no rows)")
        return
    for row in rows:
        print(" | ".join("" if v is None else str(v) for v in row))


def build_handlers(q: Queries) -> Dict[str, Callable[[argparse.Namespace], str]]:
    return {
        "parent": lambda a: q.by_parent(a.email),
        "outstanding": lambda a: q.outstanding(a.school),
        "sizes": lambda a: q.sizes(a.school, a.year),
    }


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="School uniform order lookup")
    p.add_argument("--config", type=Path, default=Path("shop.yaml"))
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("parent")
    a.add_argument("email")
    b = sub.add_parser("outstanding")
    b.add_argument("school")
    c = sub.add_parser("sizes")
    c.add_argument("school")
    c.add_argument("year")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    settings = Settings.from_yaml(args.config)
    handlers = build_handlers(Queries(settings))
    sql = handlers[args.cmd](args)
    show(fetch(settings.db_path, sql))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
