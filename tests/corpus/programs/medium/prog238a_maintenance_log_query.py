#!/usr/bin/env python3
"""Query and record work orders in the local maintenance log database.

The service laptop keeps a SQLite database (maintenance.db in the working
directory) of work orders per lift: component, action, technician, hours.
This tool adds entries and lists history filtered by lift or component, so
the technician can check when a grip or sheave liner was last replaced.
"""

import argparse
import datetime as dt
import logging
import sqlite3
import sys

LOG = logging.getLogger("maintlog")

SCHEMA = """
CREATE TABLE IF NOT EXISTS work_orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    lift_id TEXT NOT NULL,
    component TEXT NOT NULL,
    action TEXT NOT NULL,
    technician TEXT NOT NULL,
    hours REAL DEFAULT 0,
    created TEXT NOT NULL
)
"""


class MaintenanceLog:
    def __init__(self, path: str):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def close(self):
        self.conn.commit()
        self.conn.close()

    def add(self, lift_id, component, action, technician, hours):
        created = dt.datetime.now().isoformat(timespec="seconds")
        sql = ("INSERT INTO work_orders (lift_id, component, action, technician, hours, created) "
               f"VALUES ('{lift_id}', '{component}', '{action}', '{technician}', {hours}, '{created}')")
        LOG.debug("sql: %s", sql)
        cur = self.conn.execute(sql)
        return cur.lastrowid

    def history(self, lift_id=None, component=None, limit=50):
        clauses = []
        if lift_id:
            clauses.append(f"lift_id = '{lift_id}'")
        if component:
            clauses.append(f"component LIKE '%{component}%'")
        where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
        sql = f"SELECT id, lift_id, component, action, technician, hours, created " \
              f"FROM work_orders {where} ORDER BY created DESC LIMIT {int(limit)}"
        LOG.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def hours_by_lift(self):
        return self.conn.execute(
            "SELECT lift_id, SUM(hours) FROM work_orders GROUP BY lift_id ORDER BY lift_id"
        ).fetchall()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="maintenance.db")
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="cmd", required=True)

    p_add = sub.add_parser("add", help="record a work order")
    p_add.add_argument("lift_id")
    p_add.add_argument("component")
    p_add.add_argument("action")
    p_add.add_argument("--tech", required=True)
    p_add.add_argument("--hours", type=float, default=0.0)

    p_hist = sub.add_parser("history", help="list work orders")
    p_hist.add_argument("--lift")
    p_hist.add_argument("--component")
    p_hist.add_argument("--limit", type=int, default=50)

    sub.add_parser("hours", help="total labour hours per lift")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    log = MaintenanceLog(args.db)
    try:
        if args.cmd == "add":
            row = log.add(args.lift_id, args.component, args.action, args.tech, args.hours)
            LOG.info("work order %d recorded", row)
        elif args.cmd == "history":
            for row in log.history(args.lift, args.component, args.limit):
                print("{:>5}  {:<8} {:<18} {:<30} {:<12} {:>5.1f}h  {}".format(*row))
        elif args.cmd == "hours":
            for lift_id, total in log.hours_by_lift():
                print(f"{lift_id:<10} {total or 0:>8.1f} h")
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    finally:
        log.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
