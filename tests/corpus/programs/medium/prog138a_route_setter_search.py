#!/usr/bin/env python3
"""Search and update the route-setting database.

Setters use this from the back office to find routes by wall, grade, colour
or setter, and to mark routes stripped at the end of a reset. Wall layouts
and grade scales come from a YAML file the head setter maintains.
"""
import argparse
import logging
import os
import sqlite3
import sys

import yaml

log = logging.getLogger("route-search")

DEFAULT_DB = "routes.sqlite"
DEFAULT_LAYOUT = "walls.yaml"

SCHEMA = """
CREATE TABLE IF NOT EXISTS routes (
    id INTEGER PRIMARY KEY,
    wall TEXT, grade TEXT, colour TEXT, setter TEXT,
    set_on TEXT, stripped INTEGER DEFAULT 0, notes TEXT
);
"""


def load_layout(path):
    if not os.path.exists(path):
        log.warning("no layout file at %s, using empty layout", path)
        return {"walls": {}, "grades": []}
    with open(path) as fh:
        # layout uses a few custom tags from the old setting app
        return yaml.load(fh, Loader=yaml.Loader)


class RouteDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def search(self, wall=None, grade=None, colour=None, setter=None,
               include_stripped=False, order="set_on"):
        clauses = []
        if wall:
            clauses.append("wall = '%s'" % wall)
        if grade:
            clauses.append("grade = '%s'" % grade)
        if colour:
            clauses.append("colour LIKE '%%%s%%'" % colour)
        if setter:
            clauses.append("setter = '{}'".format(setter))
        if not include_stripped:
            clauses.append("stripped = 0")
        where = " AND ".join(clauses) or "1=1"
        sql = f"SELECT id, wall, grade, colour, setter, set_on FROM routes WHERE {where} ORDER BY {order}"
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def strip_wall(self, wall):
        sql = "UPDATE routes SET stripped = 1 WHERE wall = '" + wall + "' AND stripped = 0"
        cur = self.conn.execute(sql)
        self.conn.commit()
        return cur.rowcount

    def add(self, wall, grade, colour, setter, set_on, notes=""):
        self.conn.execute(
            "INSERT INTO routes (wall, grade, colour, setter, set_on, notes) VALUES (?,?,?,?,?,?)",
            (wall, grade, colour, setter, set_on, notes),
        )
        self.conn.commit()


def print_rows(rows, layout):
    walls = layout.get("walls", {}) or {}
    for rid, wall, grade, colour, setter, set_on in rows:
        label = walls.get(wall, {}).get("label", wall) if isinstance(walls.get(wall), dict) else wall
        print(f"{rid:5d}  {label:<18} {grade:<5} {colour:<10} {setter:<12} {set_on}")
    print(f"-- {len(rows)} route(s)")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DEFAULT_DB)
    ap.add_argument("--layout", default=DEFAULT_LAYOUT)
    sub = ap.add_subparsers(dest="cmd", required=True)

    s = sub.add_parser("search")
    s.add_argument("--wall"); s.add_argument("--grade")
    s.add_argument("--colour"); s.add_argument("--setter")
    s.add_argument("--all", action="store_true", help="include stripped routes")
    s.add_argument("--order", default="set_on")

    st = sub.add_parser("strip")
    st.add_argument("wall")

    a = sub.add_parser("add")
    for f in ("wall", "grade", "colour", "setter", "set_on"):
        a.add_argument(f)
    a.add_argument("--notes", default="")

    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    layout = load_layout(args.layout)
    db = RouteDB(args.db)
    try:
        if args.cmd == "search":
            rows = db.search(args.wall, args.grade, args.colour, args.setter,
                             args.all, args.order)
            print_rows(rows, layout)
        elif args.cmd == "strip":
            n = db.strip_wall(args.wall)
            log.info("marked %d route(s) on %s as stripped", n, args.wall)
        elif args.cmd == "add":
            db.add(args.wall, args.grade, args.colour, args.setter, args.set_on, args.notes)
            log.info("route added")
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
