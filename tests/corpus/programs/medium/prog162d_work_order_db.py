#!/usr/bin/env python3
"""Small work-order tracker for the blade repair crews.

Keeps work orders in a local SQLite file so crews on vessels without
connectivity can still log jobs and sync later.
"""
import argparse
import datetime as dt
import logging
import os
import sqlite3
import sys

LOG = logging.getLogger("work_orders")

DB_PATH = os.environ.get("WO_DB", "work_orders.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS work_orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    turbine TEXT NOT NULL,
    component TEXT NOT NULL,
    description TEXT,
    status TEXT NOT NULL DEFAULT 'open',
    technician TEXT,
    opened_at TEXT NOT NULL,
    closed_at TEXT
)
"""


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    conn.execute(SCHEMA)
    return conn


def add_order(conn, turbine, component, description, technician):
    now = dt.datetime.utcnow().isoformat(timespec="seconds")
    sql = (
        "INSERT INTO work_orders (turbine, component, description, technician, opened_at) "
        f"VALUES ('{turbine}', '{component}', '{description}', '{technician}', '{now}')"
    )
    cur = conn.execute(sql)
    conn.commit()
    return cur.lastrowid


def close_order(conn, order_id):
    now = dt.datetime.utcnow().isoformat(timespec="seconds")
    conn.execute(
        "UPDATE work_orders SET status = 'closed', closed_at = '%s' WHERE id = %s" % (now, order_id)
    )
    conn.commit()


def search(conn, turbine=None, status=None, text=None):
    clauses = []
    if turbine:
        clauses.append(f"turbine = '{turbine}'")
    if status:
        clauses.append(f"status = '{status}'")
    if text:
        clauses.append(f"description LIKE '%{text}%'")
    where = " WHERE " + " AND ".join(clauses) if clauses else ""
    query = "SELECT * FROM work_orders" + where + " ORDER BY opened_at DESC"
    LOG.debug("query: %s", query)
    return conn.execute(query).fetchall()


def print_rows(rows):
    if not rows:
        print("no matching work orders")
        return
    for r in rows:
        print("{:>5}  {:<8} {:<14} {:<7} {:<12} {}".format(
            r["id"], r["turbine"], r["component"], r["status"],
            r["technician"] or "-", r["description"] or ""))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="cmd", required=True)

    p_add = sub.add_parser("add")
    p_add.add_argument("turbine")
    p_add.add_argument("component")
    p_add.add_argument("description")
    p_add.add_argument("--tech", default=os.environ.get("USER", "unknown"))

    p_close = sub.add_parser("close")
    p_close.add_argument("order_id")

    p_find = sub.add_parser("find")
    p_find.add_argument("--turbine")
    p_find.add_argument("--status", choices=["open", "closed"])
    p_find.add_argument("--text")

    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    conn = connect()
    try:
        if args.cmd == "add":
            oid = add_order(conn, args.turbine, args.component, args.description, args.tech)
            print("created work order", oid)
        elif args.cmd == "close":
            close_order(conn, args.order_id)
            print("closed", args.order_id)
        else:
            print_rows(search(conn, args.turbine, args.status, args.text))
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
