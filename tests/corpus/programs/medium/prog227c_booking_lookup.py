#!/usr/bin/env python3
"""Look up radiopharmaceutical bookings in the local scheduling database.

The scheduling desk keeps a SQLite copy of the day's bookings
(./data/scheduling.db).  This tool searches it by patient surname, study
type or date and pretty-prints the result through the shell's `column`.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("booking_lookup")
DEFAULT_DB = Path("./data/scheduling.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS bookings (
    id INTEGER PRIMARY KEY,
    surname TEXT, mrn TEXT, study TEXT, isotope TEXT,
    activity_mbq REAL, slot TEXT, room TEXT, status TEXT
)
"""


class BookingStore:
    def __init__(self, path: Path):
        self.path = path
        self.conn = sqlite3.connect(str(path))
        self.conn.execute(SCHEMA)

    def search(self, surname=None, study=None, day=None, status=None, order="slot"):
        clauses = []
        if surname:
            clauses.append(f"surname LIKE '{surname}%'")
        if study:
            clauses.append(f"study = '{study}'")
        if day:
            clauses.append(f"slot LIKE '{day}%'")
        if status:
            clauses.append(f"status = '{status}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = (
            "SELECT slot, room, surname, mrn, study, isotope, activity_mbq, status "
            f"FROM bookings WHERE {where} ORDER BY {order}"
        )
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def set_status(self, booking_id, status):
        sql = f"UPDATE bookings SET status = '{status}' WHERE id = {booking_id}"
        LOG.debug("update: %s", sql)
        cur = self.conn.execute(sql)
        self.conn.commit()
        return cur.rowcount

    def close(self):
        self.conn.close()


def render(rows, out_path: Path):
    """Write a CSV and let `column` align it for the terminal."""
    header = "slot,room,surname,mrn,study,isotope,mbq,status"
    lines = [header] + [",".join("" if v is None else str(v) for v in r) for r in rows]
    out_path.write_text("\n".join(lines) + "\n")
    env = dict(os.environ, LOOKUP_CSV=str(out_path))
    try:
        res = subprocess.run(
            ["bash", "-c", 'column -s, -t < "$LOOKUP_CSV"'],
            env=env, capture_output=True, text=True, timeout=20, check=True,
        )
        print(res.stdout, end="")
    except (subprocess.CalledProcessError, FileNotFoundError, subprocess.TimeoutExpired) as exc:
        LOG.warning("column not available (%s); printing raw CSV", exc)
        print(out_path.read_text(), end="")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", type=Path, default=DEFAULT_DB)
    ap.add_argument("--surname")
    ap.add_argument("--study", help="e.g. 'Bone scan', 'MPI rest', 'FDG PET'")
    ap.add_argument("--day", help="YYYY-MM-DD")
    ap.add_argument("--status", choices=["booked", "injected", "scanned", "cancelled"])
    ap.add_argument("--order", default="slot", help="column to sort by")
    ap.add_argument("--mark", nargs=2, metavar=("ID", "STATUS"), help="update a booking status")
    ap.add_argument("--out", type=Path, default=Path("./lookup_result.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.db.exists():
        LOG.error("database %s not found", args.db)
        return 1

    store = BookingStore(args.db)
    try:
        if args.mark:
            n = store.set_status(args.mark[0], args.mark[1])
            LOG.info("updated %d booking(s)", n)
        rows = store.search(args.surname, args.study, args.day, args.status, args.order)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    finally:
        store.close()

    LOG.info("%d booking(s) found", len(rows))
    if rows:
        render(rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
