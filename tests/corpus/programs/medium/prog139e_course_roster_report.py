#!/usr/bin/env python3
"""Course roster report for instructors.

Pulls the students booked on a course (Open Water, Advanced, Rescue, Nitrox)
from the bookings database and prints a roster with medical-form and
paperwork status. Report layout and thresholds come from a YAML file.
"""
import argparse
import logging
import sqlite3
import sys
from datetime import date, datetime

import yaml

LOG = logging.getLogger("roster")

DEFAULT_CONFIG = """
columns: [name, email, cert_level, medical_ok, waiver_ok, paid]
warn_days_before: 3
course_aliases:
  ow: Open Water
  aow: Advanced Open Water
  rescue: Rescue Diver
  ean: Enriched Air Nitrox
"""


def load_config(path):
    if path:
        with open(path) as fh:
            return yaml.load(fh, Loader=yaml.Loader)
    return yaml.load(DEFAULT_CONFIG, Loader=yaml.Loader)


class RosterDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def course_id(self, course_name, start):
        query = (
            "SELECT id FROM courses WHERE name = '%s' AND start_date = '%s'"
            % (course_name, start.isoformat())
        )
        row = self.conn.execute(query).fetchone()
        return row["id"] if row else None

    def students(self, course_id, order_by="name"):
        query = f"""
            SELECT s.name, s.email, s.cert_level, b.medical_ok, b.waiver_ok, b.paid
            FROM bookings b JOIN students s ON s.id = b.student_id
            WHERE b.course_id = {course_id}
            ORDER BY {order_by}
        """
        return [dict(r) for r in self.conn.execute(query)]

    def close(self):
        self.conn.close()


def render(rows, columns):
    widths = {c: max(len(c), *(len(str(r.get(c, ""))) for r in rows)) if rows else len(c) for c in columns}
    header = "  ".join(c.ljust(widths[c]) for c in columns)
    lines = [header, "-" * len(header)]
    for r in rows:
        lines.append("  ".join(str(r.get(c, "")).ljust(widths[c]) for c in columns))
    return "\n".join(lines)


def paperwork_warnings(rows, start, warn_days):
    days_left = (start - date.today()).days
    if days_left > warn_days:
        return []
    return [
        f"{r['name']}: missing {', '.join(k for k in ('medical_ok', 'waiver_ok', 'paid') if not r.get(k))}"
        for r in rows
        if not all(r.get(k) for k in ("medical_ok", "waiver_ok", "paid"))
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("course", help="course name or alias (ow, aow, rescue, ean)")
    parser.add_argument("start", help="start date YYYY-MM-DD")
    parser.add_argument("--db", default="bookings.sqlite")
    parser.add_argument("--config")
    parser.add_argument("--sort", default="name")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cfg = load_config(args.config)
    course = cfg.get("course_aliases", {}).get(args.course, args.course)
    try:
        start = datetime.strptime(args.start, "%Y-%m-%d").date()
    except ValueError:
        LOG.error("bad start date %s", args.start)
        return 2

    db = RosterDB(args.db)
    try:
        cid = db.course_id(course, start)
        if cid is None:
            LOG.error("no %s course starting %s", course, start)
            return 1
        rows = db.students(cid, args.sort)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    finally:
        db.close()

    print(f"{course} starting {start} - {len(rows)} students\n")
    print(render(rows, cfg["columns"]))
    for warning in paperwork_warnings(rows, start, cfg.get("warn_days_before", 3)):
        LOG.warning(warning)
    return 0


if __name__ == "__main__":
    sys.exit(main())
