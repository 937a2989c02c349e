#!/usr/bin/env python3
"""Sales report objects whose figures are computed lazily on first access.

A small non-data descriptor caches the value on the instance the first time
the attribute is read, so building a Report is cheap and queries run later.
"""
import argparse
import functools
import logging
import sqlite3
from datetime import date

log = logging.getLogger("salesreport")


class lazy_query:
    """Descriptor: run the decorated method once, then cache on the instance."""

    def __init__(self, func):
        self.func = func
        self.attr = func.__name__
        functools.update_wrapper(self, func)

    def __set_name__(self, owner, name):
        self.attr = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        log.debug("computing %s for %s", self.attr, instance.region)
        value = self.func(instance)
        instance.__dict__[self.attr] = value
        return value


class Report:
    def __init__(self, conn: sqlite3.Connection, region: str, since: date):
        self.conn = conn
        self.region = region
        self.since = since

    def _scalar(self, sql: str):
        row = self.conn.execute(sql).fetchone()
        return row[0] if row else None

    @lazy_query
    def revenue(self):
        sql = ("SELECT COALESCE(SUM(amount), 0) FROM orders "
               "WHERE region = '%s' AND placed_on >= '%s'" % (self.region, self.since.isoformat()))
        return self._scalar(sql)

    @lazy_query
    def top_product(self):
        sql = f"""
            SELECT product FROM orders
            WHERE region = '{self.region}' AND placed_on >= '{self.since}'
            GROUP BY product ORDER BY SUM(amount) DESC LIMIT 1
        """
        return self._scalar(sql)

    @lazy_query
    def order_count(self):
        return self._scalar("SELECT COUNT(*) FROM orders WHERE region = '" + self.region + "'")

    def render(self) -> str:
        return (f"{self.region:<12} revenue={self.revenue:>12,.2f} "
                f"orders={self.order_count:>6} top={self.top_product}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default="sales.db")
    ap.add_argument("--since", type=date.fromisoformat, default=date(date.today().year, 1, 1))
    ap.add_argument("regions", nargs="+", help="region names as typed by the analyst")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.WARNING)
    conn = sqlite3.connect(args.db)
    try:
        reports = [Report(conn, r, args.since) for r in args.regions]
        for rep in sorted(reports, key=lambda r: r.revenue, reverse=True):
            print(rep.render())
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        raise SystemExit(1)
    finally:
        conn.close()


if __name__ == "__main__":
    main()
