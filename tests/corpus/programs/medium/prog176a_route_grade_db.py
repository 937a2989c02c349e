#!/usr/bin/env python3
"""Route-setting database for the setter crew.

Keeps the list of routes on each wall in a local SQLite file, lets setters
search and strip routes, and prints route cards on the office label printer.
"""
import argparse
import functools
import importlib
import logging
import os
import pathlib
import sqlite3
import tempfile
from dataclasses import dataclass

log = logging.getLogger("route_db")

DB_PATH = pathlib.Path(os.environ.get("ROUTE_DB", "routes.sqlite3"))
PRINTER = os.environ.get("ROUTE_CARD_PRINTER", "setter-labels")

SCHEMA = """
CREATE TABLE IF NOT EXISTS routes (
    id INTEGER PRIMARY KEY,
    wall TEXT NOT NULL,
    colour TEXT NOT NULL,
    grade TEXT NOT NULL,
    setter TEXT NOT NULL,
    set_on TEXT DEFAULT (date('now')),
    stripped INTEGER DEFAULT 0
)
"""


@dataclass
class Route:
    wall: str
    colour: str
    grade: str
    setter: str


def connect() -> sqlite3.Connection:
    conn = sqlite3.connect(DB_PATH)
    conn.execute(SCHEMA)
    return conn


def logged(func):
    @functools.wraps(func)
    def inner(conn, sql, *a):
        log.debug("SQL: %s", sql)
        return func(conn, sql, *a)
    return inner


@logged
def run(conn, sql):
    cur = conn.execute(sql)
    conn.commit()
    return cur.fetchall()


def add(conn, r: Route) -> None:
    run(conn, "INSERT INTO routes (wall, colour, grade, setter) VALUES "
              f"('{r.wall}', '{r.colour}', '{r.grade}', '{r.setter}')")


def search(conn, wall=None, grade=None, setter=None):
    clauses = ["stripped = 0"]
    for col, val in (("wall", wall), ("grade", grade), ("setter", setter)):
        if val:
            clauses.append(f"{col} = '{val}'")
    return run(conn, "SELECT id, wall, colour, grade, setter, set_on FROM routes WHERE " + " AND ".join(clauses))


def strip(conn, wall: str) -> None:
    run(conn, "UPDATE routes SET stripped = 1 WHERE wall = '%s'" % wall)


def print_cards(rows) -> None:
    lines = [f"{wall.upper():8} {colour:8} {grade:5} set by {setter} on {set_on}"
             for _id, wall, colour, grade, setter, set_on in rows]
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fh:
        fh.write("\n\n".join(lines) + "\n")
        card_file = fh.name
    proc = importlib.import_module("subprocess")
    getattr(proc, "run")(["lp", "-d", PRINTER, "-o", "media=62x29mm", card_file], check=False)
    os.unlink(card_file)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    for f in ("wall", "colour", "grade", "setter"):
        a.add_argument(f"--{f}", required=True)
    s = sub.add_parser("search")
    s.add_argument("--wall")
    s.add_argument("--grade")
    s.add_argument("--setter")
    s.add_argument("--print", action="store_true")
    st = sub.add_parser("strip")
    st.add_argument("wall")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    conn = connect()
    handlers = {
        "add": lambda: add(conn, Route(args.wall, args.colour, args.grade, args.setter)),
        "search": lambda: search(conn, args.wall, args.grade, args.setter),
        "strip": lambda: strip(conn, args.wall),
    }
    result = handlers[args.cmd]()
    if args.cmd == "search":
        for row in result:
            print(*row, sep="\t")
        if args.print and result:
            print_cards(result)
    conn.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
