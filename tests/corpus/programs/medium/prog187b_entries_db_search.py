#!/usr/bin/env python3
"""Search the show entries database from the secretary's desk.

Looks up exhibitors and their entries in entries.db (SQLite) by name,
section or class number, and prints what they owe.
"""
import argparse
import logging
import os
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("entries_search")

DB_PATH = Path(os.environ.get("ENTRIES_DB", "entries.db"))


def connect(path):
    if not path.exists():
        log.error("database %s not found", path)
        sys.exit(1)
    conn = sqlite3.connect(str(path))
    conn.row_factory = sqlite3.Row
    return conn


def find_exhibitors(conn, name):
    sql = ("SELECT id, name, parish, phone FROM exhibitors "
           "WHERE name LIKE '%{}%' ORDER BY name".format(name))
    log.debug(sql)
    return conn.execute(sql).fetchall()


def entries_for(conn, exhibitor_id, section=None):
    sql = f"SELECT class_no, class_name, section, fee_pence, paid FROM entries WHERE exhibitor_id = {exhibitor_id}"
    if section:
        sql += f" AND section = '{section}'"
    sql += " ORDER BY class_no"
    return conn.execute(sql).fetchall()


def class_list(conn, class_no):
    sql = ("SELECT e.name, x.animal_name, x.paid FROM entries x "
           "JOIN exhibitors e ON e.id = x.exhibitor_id "
           "WHERE x.class_no = '%s' ORDER BY e.name" % class_no)
    return conn.execute(sql).fetchall()


def money(pence):
    return f"£{pence / 100:.2f}"


def print_exhibitor(conn, row, section):
    print(f"{row['name']} ({row['parish']}) tel {row['phone']}")
    owed = 0
    for e in entries_for(conn, row["id"], section):
        flag = "paid" if e["paid"] else "OWING"
        if not e["paid"]:
            owed += e["fee_pence"]
        print(f"   {e['class_no']:>5}  {e['class_name']:<40} {money(e['fee_pence']):>8}  {flag}")
    print(f"   outstanding: {money(owed)}\n")


def main():
    parser = argparse.ArgumentParser(description="Search the show entries database")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("--name", help="part of an exhibitor's name")
    parser.add_argument("--section", help="limit to one section, e.g. Cattle")
    parser.add_argument("--class-no", help="list everyone entered in a class")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    conn = connect(args.db)
    if args.class_no:
        rows = class_list(conn, args.class_no)
        print(f"Class {args.class_no}: {len(rows)} entries")
        for r in rows:
            print(f"  {r['name']:<30} {r['animal_name'] or '':<25} {'paid' if r['paid'] else 'OWING'}")
    elif args.name:
        matches = find_exhibitors(conn, args.name)
        if not matches:
            print("no exhibitors found")
        for row in matches:
            print_exhibitor(conn, row, args.section)
    else:
        parser.print_help()
    conn.close()


if __name__ == "__main__":
    main()
