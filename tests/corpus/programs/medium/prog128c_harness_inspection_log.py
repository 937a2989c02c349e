#!/usr/bin/env python3
"""Harness and trolley inspection log for the zip wire park.

Every harness, lanyard and trolley has a serial tag. Guides record pre-use and
periodic (LOLER-style) inspections here; `due` lists kit that must come off the
rack today. Data lives in the park database (park.db) shared with the waiver
kiosk, in the `kit` and `inspections` tables.

    inspection_log.py add HN-0142 --inspector "J. Okafor" --result pass
    inspection_log.py due --type harness
    inspection_log.py retire TR-0031 --reason "sheave wear"
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

log = logging.getLogger("inspections")

INTERVALS = {"harness": 90, "lanyard": 90, "trolley": 30, "helmet": 180}
SCHEMA = """
CREATE TABLE IF NOT EXISTS kit (
    serial TEXT PRIMARY KEY, kind TEXT NOT NULL, size TEXT,
    commissioned TEXT NOT NULL, retired TEXT, retire_reason TEXT);
CREATE TABLE IF NOT EXISTS inspections (
    id INTEGER PRIMARY KEY AUTOINCREMENT, serial TEXT NOT NULL REFERENCES kit(serial),
    inspector TEXT NOT NULL, kind TEXT NOT NULL, result TEXT NOT NULL,
    notes TEXT, inspected_at TEXT NOT NULL);
"""


class InspectionLog:
    def __init__(self, db_path):
        self.db_path = Path(db_path)
        self.conn = sqlite3.connect(self.db_path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def add(self, serial, inspector, result, kind="periodic", notes=""):
        row = self.conn.execute("SELECT kind, retired FROM kit WHERE serial = ?", (serial,)).fetchone()
        if row is None:
            raise LookupError(f"unknown kit serial {serial}")
        if row["retired"]:
            raise ValueError(f"{serial} was retired on {row['retired']}")
        self.conn.execute(
            "INSERT INTO inspections (serial, inspector, kind, result, notes, inspected_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (serial, inspector, kind, result, notes, datetime.now().isoformat(timespec="minutes")))
        self.conn.commit()
        if result == "fail":
            log.warning("%s FAILED inspection - quarantine it now", serial)

    def due(self, kind=None, as_of=None):
        as_of = as_of or date.today()
        where = "k.retired IS NULL"
        if kind:
            where += f" AND k.kind = '{kind}'"
        sql = (f"SELECT k.serial, k.kind, k.size, MAX(i.inspected_at) AS last "
               f"FROM kit k LEFT JOIN inspections i ON i.serial = k.serial AND i.kind = 'periodic' "
               f"WHERE {where} GROUP BY k.serial ORDER BY last")
        for r in self.conn.execute(sql):
            last = datetime.fromisoformat(r["last"]).date() if r["last"] else None
            limit = timedelta(days=INTERVALS.get(r["kind"], 90))
            if last is None or as_of - last >= limit:
                yield r["serial"], r["kind"], r["size"], last

    def retire(self, serial, reason):
        cur = self.conn.execute("UPDATE kit SET retired = ?, retire_reason = ? WHERE serial = ?",
                                (date.today().isoformat(), reason, serial))
        self.conn.commit()
        return cur.rowcount

    def export(self, out_path, since):
        rows = self.conn.execute(
            "SELECT serial, inspector, kind, result, notes, inspected_at FROM inspections "
            "WHERE inspected_at >= ? ORDER BY inspected_at", (since,)).fetchall()
        with open(out_path, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["serial", "inspector", "kind", "result", "notes", "inspected_at"])
            w.writerows(tuple(r) for r in rows)
        return len(rows)


def build_parser():
    ap = argparse.ArgumentParser(description="zip wire kit inspection log")
    ap.add_argument("--db", default="park.db")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("serial")
    a.add_argument("--inspector", required=True)
    a.add_argument("--result", choices=["pass", "fail", "advisory"], required=True)
    a.add_argument("--kind", choices=["pre-use", "periodic"], default="periodic")
    a.add_argument("--notes", default="")
    d = sub.add_parser("due")
    d.add_argument("--type", dest="kind", choices=sorted(INTERVALS))
    r = sub.add_parser("retire")
    r.add_argument("serial")
    r.add_argument("--reason", required=True)
    e = sub.add_parser("export")
    e.add_argument("--since", default=(date.today() - timedelta(days=30)).isoformat())
    e.add_argument("--out", default="inspections_export.csv")
    return ap


def main(argv=None):
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    book = InspectionLog(args.db)
    try:
        if args.cmd == "add":
            book.add(args.serial, args.inspector, args.result, args.kind, args.notes)
            print(f"recorded {args.kind} inspection for {args.serial}: {args.result}")
        elif args.cmd == "due":
            for serial, kind, size, last in book.due(args.kind):
                print(f"{serial:<10} {kind:<8} {size or '-':<4} last={last or 'never'}")
        elif args.cmd == "retire":
            if not book.retire(args.serial, args.reason):
                log.error("no such serial %s", args.serial)
                return 1
        elif args.cmd == "export":
            n = book.export(args.out, args.since)
            print(f"wrote {n} inspections to {args.out}")
    except (LookupError, ValueError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
