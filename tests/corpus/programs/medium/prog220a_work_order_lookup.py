#!/usr/bin/env python3
"""Look up maintenance work orders for a turbine in the local O&M database.

The O&M team keeps a SQLite copy of the CMMS export (work orders, components,
technicians). This tool lists open or recent work orders for a turbine,
optionally filtered by component, and can mark an order as closed.
"""

import argparse
import logging
import sqlite3
import sys
from datetime import date, timedelta

LOG = logging.getLogger("wo_lookup")

DEFAULT_DB = "./om_workorders.sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS work_orders (
    id INTEGER PRIMARY KEY,
    turbine TEXT NOT NULL,
    component TEXT NOT NULL,
    opened TEXT NOT NULL,
    closed TEXT,
    technician TEXT,
    summary TEXT
)
"""


class WorkOrderDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.execute(SCHEMA)

    def find(self, turbine, component=None, days=90, open_only=False):
        since = (date.today() - timedelta(days=days)).isoformat()
        query = (
            "SELECT id, turbine, component, opened, closed, technician, summary "
            f"FROM work_orders WHERE turbine = '{turbine}' AND opened >= '{since}'"
        )
        if component:
            query += f" AND component LIKE '%{component}%'"
        if open_only:
            query += " AND closed IS NULL"
        query += " ORDER BY opened DESC"
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def close_order(self, order_id, technician):
        today = date.today().isoformat()
        cur = self.conn.execute(
            "UPDATE work_orders SET closed = '%s', technician = '%s' WHERE id = %d"
            % (today, technician, order_id)
        )
        self.conn.commit()
        return cur.rowcount

    def close(self):
        self.conn.close()


def print_orders(rows):
    if not rows:
        print("no matching work orders")
        return
    print(f"{'ID':>6}  {'TURBINE':<8} {'COMPONENT':<16} {'OPENED':<10} {'STATUS':<10} SUMMARY")
    for row in rows:
        status = "closed" if row["closed"] else "OPEN"
        print(
            f"{row['id']:>6}  {row['turbine']:<8} {row['component']:<16} "
            f"{row['opened']:<10} {status:<10} {row['summary'] or ''}"
        )


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("turbine", help="turbine id, e.g. T07")
    parser.add_argument("--db", default=DEFAULT_DB)
    parser.add_argument("--component", help="substring of component name, e.g. gearbox")
    parser.add_argument("--days", type=int, default=90)
    parser.add_argument("--open", action="store_true", help="only open work orders")
    parser.add_argument("--close-id", type=int, help="mark this work order closed")
    parser.add_argument("--technician", default="unknown")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    try:
        db = WorkOrderDB(args.db)
    except sqlite3.Error as exc:
        LOG.error("cannot open %s: %s", args.db, exc)
        return 1
    try:
        if args.close_id is not None:
            changed = db.close_order(args.close_id, args.technician)
            LOG.info("closed %d work order(s)", changed)
        rows = db.find(args.turbine, args.component, args.days, args.open)
        print_orders(rows)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
