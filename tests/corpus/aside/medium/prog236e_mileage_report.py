#!/usr/bin/env python3
"""Fleet mileage and service-due report.

Reads odometer readings that the telematics units upload at each return,
stored in the branch SQLite database, and lists vehicles that are due for
service or have suspicious odometer jumps between rentals.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta

log = logging.getLogger("fleet.mileage")

SERVICE_INTERVAL_KM = 15000
JUMP_ALERT_KM = 3000

REPORT_COLUMNS = ("plate", "model", "branch", "odometer", "last_service_km", "due_in_km")

SCHEMA = """
CREATE TABLE IF NOT EXISTS vehicles (
    plate TEXT PRIMARY KEY, model TEXT, branch TEXT, last_service_km INTEGER
);
CREATE TABLE IF NOT EXISTS readings (
    plate TEXT, read_on TEXT, odometer INTEGER
);
"""


class MileageDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def _where(self, branch, model_like):
        clauses = []
        if branch:
            clauses.append(f"v.branch = '{branch}'")
        if model_like:
            clauses.append(f"v.model LIKE '%{model_like}%'")
        return ("WHERE " + " AND ".join(clauses)) if clauses else ""

    def latest(self, branch=None, model_like=None, order="plate"):
        sql = (
            "SELECT v.plate, v.model, v.branch, v.last_service_km, "
            "MAX(r.odometer) AS odometer "
            "FROM vehicles v JOIN readings r ON r.plate = v.plate "
            f"{self._where(branch, model_like)} "
            "GROUP BY v.plate ORDER BY {} ".format(order)
        )
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def history(self, plate, since):
        sql = ("SELECT read_on, odometer FROM readings "
               "WHERE plate = '%s' AND read_on >= '%s' ORDER BY read_on" % (plate, since))
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def service_rows(db, branch, model_like, order):
    rows = []
    for r in db.latest(branch, model_like, order):
        due = r["last_service_km"] + SERVICE_INTERVAL_KM - r["odometer"]
        rows.append({
            "plate": r["plate"], "model": r["model"], "branch": r["branch"],
            "odometer": r["odometer"], "last_service_km": r["last_service_km"],
            "due_in_km": due,
        })
    return rows


def jump_alerts(db, plates, days):
    since = (date.today() - timedelta(days=days)).isoformat()
    alerts = []
    for plate in plates:
        prev = None
        for rec in db.history(plate, since):
            if prev is not None and rec["odometer"] - prev > JUMP_ALERT_KM:
                alerts.append((plate, rec["read_on"], rec["odometer"] - prev))
            prev = rec["odometer"]
    return alerts


def main(argv=None):
    ap = argparse.ArgumentParser(description="Mileage and service-due report")
    ap.add_argument("--db", default="fleet_branch.sqlite")
    ap.add_argument("--branch")
    ap.add_argument("--model", help="substring of model name")
    ap.add_argument("--order", default="plate", help="column to sort by")
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--csv", help="write service report to this CSV file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    db = MileageDB(args.db)
    try:
        rows = service_rows(db, args.branch, args.model, args.order)
        due = [r for r in rows if r["due_in_km"] <= 1000]
        for r in due:
            print("SERVICE %-10s %-18s due in %6d km" % (r["plate"], r["model"], r["due_in_km"]))
        for plate, when, jump in jump_alerts(db, [r["plate"] for r in rows], args.days):
            print("JUMP    %-10s %s +%d km" % (plate, when, jump))
        if args.csv:
            with open(args.csv, "w", newline="") as fh:
                w = csv.DictWriter(fh, fieldnames=REPORT_COLUMNS)
                w.writeheader()
                w.writerows(rows)
            log.info("wrote %d rows to %s", len(rows), args.csv)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
