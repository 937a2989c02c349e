#!/usr/bin/env python3
"""Query the trial database for running orders and class sizes.

Subcommands:
  order   running order for one class and jump height
  sizes   entry counts per class
  handler every run booked by one handler
"""
import argparse
import logging
import sqlite3
import sys
from functools import wraps

log = logging.getLogger("runorder")

COMMANDS = {}


def command(name):
    def register(fn):
        @wraps(fn)
        def wrapper(con, args):
            log.debug("running %s", name)
            return fn(con, args)
        COMMANDS[name] = wrapper
        return wrapper
    return register


class Clauses:
    table = "runs"
    order_cols = ("run_position", "handler")

    @classmethod
    def where(cls, **filters):
        parts = ["%s = '%s'" % (col, val) for col, val in filters.items() if val]
        return (" WHERE " + " AND ".join(parts)) if parts else ""

    @classmethod
    def order(cls):
        return " ORDER BY " + ", ".join(cls.order_cols)


@command("order")
def running_order(con, args):
    sql = ("SELECT run_position, handler, dog, grade FROM " + Clauses.table
           + Clauses.where(class_name=args.class_name, jump_height=args.height)
           + Clauses.order())
    rows = con.execute(sql).fetchall()
    for pos, handler, dog, grade in rows:
        print("%3d  %-24s %-16s G%s" % (pos, handler, dog, grade))
    return len(rows)


@command("sizes")
def class_sizes(con, args):
    sql = f"SELECT class_name, jump_height, COUNT(*) FROM {Clauses.table}"
    if args.day:
        sql += f" WHERE trial_day = '{args.day}'"
    sql += " GROUP BY class_name, jump_height ORDER BY class_name"
    rows = con.execute(sql).fetchall()
    for cls, height, count in rows:
        print(f"{cls:<28} {height:>6} {count:>4}")
    return len(rows)


@command("handler")
def handler_runs(con, args):
    sql = ("SELECT trial_day, class_name, run_position FROM runs "
           "WHERE handler LIKE '%" + args.name + "%' ORDER BY trial_day, run_position")
    rows = con.execute(sql).fetchall()
    for day, cls, pos in rows:
        print("%-10s %-28s #%d" % (day, cls, pos))
    return len(rows)


def build_parser():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="trial.sqlite")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("order")
    p.add_argument("class_name")
    p.add_argument("--height", default="")
    p = sub.add_parser("sizes")
    p.add_argument("--day", default="")
    p = sub.add_parser("handler")
    p.add_argument("name")
    return ap


def main(argv=None):
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        con = sqlite3.connect(args.db)
    except sqlite3.Error as exc:
        log.error("cannot open %s: %s", args.db, exc)
        return 1
    try:
        count = COMMANDS[args.cmd](con, args)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        con.close()
    log.info("%d rows", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
