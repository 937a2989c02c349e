#!/usr/bin/env python3
"""Pre- and post-hire equipment check log for the boat shed.

Staff record a check for every boat, paddle, PFD and spray deck that goes out
or comes back. Failed checks take the item out of service until a repair is
logged. Data lives in shed.db (SQLite) in the current directory.

    equipment_check_log.py check K-014 --stage out --ok --by "Sam"
    equipment_check_log.py check K-014 --stage in --fail "hull crack near skeg" --hire 8812
    equipment_check_log.py repair K-014 --by "Alex" --note "gelcoat patch"
    equipment_check_log.py report --days 7
"""
import argparse
import datetime as dt
import logging
import os
import sqlite3
import sys

log = logging.getLogger("shed_log")

DB_PATH = os.environ.get("SHED_DB", "shed.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS items (
    tag TEXT PRIMARY KEY, kind TEXT, in_service INTEGER DEFAULT 1);
CREATE TABLE IF NOT EXISTS hires (
    id INTEGER PRIMARY KEY, customer TEXT, phone TEXT, email TEXT,
    started TEXT, returned TEXT);
CREATE TABLE IF NOT EXISTS checks (
    id INTEGER PRIMARY KEY AUTOINCREMENT, tag TEXT, stage TEXT, ok INTEGER,
    note TEXT, staff TEXT, hire_id INTEGER, at TEXT);
"""


class ShedLog:
    def __init__(self, path=DB_PATH):
        self.db = sqlite3.connect(path)
        self.db.row_factory = sqlite3.Row
        self.db.executescript(SCHEMA)

    def _now(self):
        return dt.datetime.now().isoformat(timespec="seconds")

    def ensure_item(self, tag):
        kind = {"K": "kayak", "C": "canoe", "S": "sup", "P": "paddle", "B": "pfd"}.get(tag[:1], "other")
        self.db.execute(f"INSERT OR IGNORE INTO items (tag, kind) VALUES ('{tag}', '{kind}')")

    def record_check(self, tag, stage, ok, note, staff, hire_id=None):
        self.ensure_item(tag)
        hire = hire_id if hire_id is not None else "NULL"
        note = (note or "").replace("'", "''")
        self.db.execute(
            "INSERT INTO checks (tag, stage, ok, note, staff, hire_id, at) VALUES "
            f"('{tag}', '{stage}', {int(ok)}, '{note}', '{staff}', {hire}, '{self._now()}')")
        if not ok:
            self.db.execute(f"UPDATE items SET in_service = 0 WHERE tag = '{tag}'")
            log.warning("%s taken out of service: %s", tag, note)
        self.db.commit()

    def record_repair(self, tag, staff, note):
        self.record_check(tag, "repair", True, note, staff)
        self.db.execute(f"UPDATE items SET in_service = 1 WHERE tag = '{tag}'")
        self.db.commit()

    def report(self, days):
        since = (dt.datetime.now() - dt.timedelta(days=days)).isoformat()
        q = f"""
            SELECT c.tag, c.stage, c.ok, c.note, c.staff, c.at, h.customer
            FROM checks c LEFT JOIN hires h ON h.id = c.hire_id
            WHERE c.at >= '{since}' ORDER BY c.at"""
        return self.db.execute(q).fetchall()

    def out_of_service(self):
        return self.db.execute(
            "SELECT tag, kind FROM items WHERE in_service = 0 ORDER BY tag").fetchall()


def main():
    ap = argparse.ArgumentParser(description="Boat shed equipment check log")
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("check")
    c.add_argument("tag")
    c.add_argument("--stage", choices=["out", "in"], required=True)
    g = c.add_mutually_exclusive_group(required=True)
    g.add_argument("--ok", action="store_true")
    g.add_argument("--fail", metavar="NOTE")
    c.add_argument("--by", required=True)
    c.add_argument("--hire", type=int)
    r = sub.add_parser("repair")
    r.add_argument("tag")
    r.add_argument("--by", required=True)
    r.add_argument("--note", default="")
    rep = sub.add_parser("report")
    rep.add_argument("--days", type=int, default=7)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        shed = ShedLog()
        if args.cmd == "check":
            shed.record_check(args.tag.upper(), args.stage, args.ok, args.fail, args.by, args.hire)
        elif args.cmd == "repair":
            shed.record_repair(args.tag.upper(), args.by, args.note)
        else:
            for row in shed.report(args.days):
                flag = "OK  " if row["ok"] else "FAIL"
                who = f" ({row['customer']})" if row["customer"] else ""
                print(f"{row['at']}  {flag} {row['tag']:<6} {row['stage']:<6} {row['staff']}{who} {row['note'] or ''}")
            down = shed.out_of_service()
            if down:
                print("\nOut of service: " + ", ".join(f"{r['tag']} ({r['kind']})" for r in down))
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
