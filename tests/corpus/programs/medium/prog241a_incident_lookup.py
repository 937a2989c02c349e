#!/usr/bin/env python3
"""Incident lookup against the nightly CAD export on the station PC.

The CAD vendor drops a SQLite export of the last 30 days of incidents into
the station share each night. Supervisors use this to answer quick questions
("how many cardiac arrests did Medic 12 run this week?") without logging
into CAD.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

LOG = logging.getLogger("incident_lookup")

FIELDS = {
    "unit": "responding_unit",
    "type": "nature_code",
    "priority": "priority",
    "station": "home_station",
}

SORTABLE = ("received_at", "priority", "responding_unit", "nature_code")


class IncidentStore:
    def __init__(self, path):
        self.path = Path(path)
        if not self.path.exists():
            raise FileNotFoundError(self.path)
        self.conn = sqlite3.connect(str(self.path))
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def _where(self, filters, since):
        clauses = ["received_at >= '%s'" % since.isoformat()]
        for key, value in filters.items():
            column = FIELDS[key]
            clauses.append(f"{column} = '{value}'")
        return " AND ".join(clauses)

    def search(self, filters, since, order="received_at", limit=50):
        if order not in SORTABLE:
            order = "received_at"
        sql = (
            f"SELECT incident_no, received_at, nature_code, priority, responding_unit, address "
            f"FROM incidents WHERE {self._where(filters, since)} "
            f"ORDER BY {order} DESC LIMIT {int(limit)}"
        )
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def count_by(self, key, filters, since):
        column = FIELDS[key]
        sql = (
            f"SELECT {column} AS k, COUNT(*) AS n FROM incidents "
            f"WHERE {self._where(filters, since)} GROUP BY {column} ORDER BY n DESC"
        )
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()


def parse_filters(pairs):
    out = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise ValueError("filter must be key=value: %s" % pair)
        key, value = pair.split("=", 1)
        if key not in FIELDS:
            raise ValueError("unknown filter %s (choose from %s)" % (key, ", ".join(FIELDS)))
        out[key] = value
    return out


def write_csv(rows, path):
    if not rows:
        return 0
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(rows[0].keys())
        for r in rows:
            w.writerow(tuple(r))
    return len(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Query the nightly CAD incident export")
    ap.add_argument("--db", default="cad_export.sqlite")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("-f", "--filter", action="append", help="key=value, e.g. unit=M12")
    ap.add_argument("--count-by", choices=sorted(FIELDS))
    ap.add_argument("--order", default="received_at")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--csv", help="write results to this CSV file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        filters = parse_filters(args.filter)
        store = IncidentStore(args.db)
    except (ValueError, FileNotFoundError) as exc:
        LOG.error("%s", exc)
        return 64

    since = date.today() - timedelta(days=args.days)
    try:
        if args.count_by:
            for row in store.count_by(args.count_by, filters, since):
                print("%-12s %5d" % (row["k"], row["n"]))
            return 0
        rows = store.search(filters, since, args.order, args.limit)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        store.close()

    if args.csv:
        LOG.info("wrote %d rows to %s", write_csv(rows, args.csv), args.csv)
    else:
        for r in rows:
            print("%s %s %-6s P%s %-6s %s" % (r["incident_no"], r["received_at"], r["nature_code"],
                                              r["priority"], r["responding_unit"], r["address"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
