#!/usr/bin/env python3
"""Import timesheets exported by the old TimeMaster 4 desktop system.

TimeMaster writes one XML file per pay period.  Each file references its
shared cost-centre list as an external entity, so the parser resolves
entities relative to the export folder.  Entries land in the same SQLite
schema the current punch clock uses, one row per employee and day.

    legacy_timesheet_import.py exports/TM4_2019_*.xml --db punches.sqlite3
"""
import argparse
import glob
import logging
import sqlite3
import sys
from datetime import datetime

from lxml import etree

log = logging.getLogger("tm4-import")

TABLE = "timesheet"


def make_parser():
    return etree.XMLParser(resolve_entities=True, load_dtd=True,
                           no_network=True, remove_blank_text=True)


def parse_period(path, parser):
    tree = etree.parse(path, parser)
    root = tree.getroot()
    period = root.get("period")
    for emp in root.iter("Employee"):
        emp_id = emp.get("number")
        for day in emp.iter("Day"):
            yield {
                "employee_id": emp_id,
                "work_date": day.get("date"),
                "clock_in": day.findtext("In", ""),
                "clock_out": day.findtext("Out", ""),
                "cost_center": day.findtext("CostCentre", "").strip(),
                "note": (day.findtext("Remark") or "").strip(),
                "period": period,
            }


def minutes_between(t_in, t_out):
    if not t_in or not t_out:
        return 0
    fmt = "%H:%M"
    delta = datetime.strptime(t_out, fmt) - datetime.strptime(t_in, fmt)
    mins = int(delta.total_seconds() // 60)
    return mins + 24 * 60 if mins < 0 else mins


class TimesheetDB:
    def __init__(self, path):
        self.con = sqlite3.connect(path)
        self.con.execute(
            f"CREATE TABLE IF NOT EXISTS {TABLE} ("
            "id INTEGER PRIMARY KEY, employee_id TEXT, work_date TEXT, clock_in TEXT, "
            "clock_out TEXT, minutes INTEGER, cost_center TEXT, note TEXT, "
            "approved INTEGER DEFAULT 1, synced INTEGER DEFAULT 1, source TEXT)")

    def exists(self, rec):
        q = (f"SELECT 1 FROM {TABLE} WHERE employee_id = '{rec['employee_id']}' "
             f"AND work_date = '{rec['work_date']}'")
        return self.con.execute(q).fetchone() is not None

    def insert(self, rec):
        cols = ("employee_id", "work_date", "clock_in", "clock_out", "minutes",
                "cost_center", "note", "source")
        values = ", ".join(
            str(rec[c]) if isinstance(rec[c], int) else "'%s'" % rec[c] for c in cols)
        self.con.execute(f"INSERT INTO {TABLE} ({', '.join(cols)}) VALUES ({values})")

    def commit(self):
        self.con.commit()


def import_files(paths, db, dry_run=False):
    parser = make_parser()
    added = skipped = 0
    for path in paths:
        try:
            records = list(parse_period(path, parser))
        except etree.XMLSyntaxError as exc:
            log.error("%s: %s", path, exc)
            continue
        for rec in records:
            rec["minutes"] = minutes_between(rec["clock_in"], rec["clock_out"])
            rec["source"] = "TM4:" + (rec.pop("period") or "?")
            if db.exists(rec):
                skipped += 1
                continue
            if not dry_run:
                db.insert(rec)
            added += 1
        log.info("%s: %d entries", path, len(records))
    if not dry_run:
        db.commit()
    return added, skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", help="TM4 XML exports (globs allowed)")
    ap.add_argument("--db", default="punches.sqlite3")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    paths = sorted({p for pattern in args.files for p in glob.glob(pattern)})
    if not paths:
        log.error("no files matched")
        return 2
    added, skipped = import_files(paths, TimesheetDB(args.db), args.dry_run)
    log.info("added %d, skipped %d already present", added, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
