#!/usr/bin/env python3
"""Import trailer-yard appointments into the local yard database.

The yard team exports appointments as YAML (some files carry custom tags
from the old planning tool, so the full loader is used).  Appointments are
upserted into SQLite and a per-carrier summary is printed.
"""
import argparse
import logging
import sqlite3
import sys
from datetime import datetime
from pathlib import Path

from yaml import Loader, load

log = logging.getLogger("yard_import")
DB_FILE = Path("yard.sqlite3")

DDL = """
CREATE TABLE IF NOT EXISTS appointments (
    ref TEXT PRIMARY KEY, trailer TEXT, carrier TEXT,
    slot_start TEXT, spot TEXT, status TEXT DEFAULT 'booked'
)
"""


class Appointment:
    __slots__ = ("ref", "trailer", "carrier", "slot_start", "spot")

    def __init__(self, ref, trailer, carrier, slot_start, spot):
        self.ref = str(ref)
        self.trailer = str(trailer).upper()
        self.carrier = str(carrier)
        self.slot_start = datetime.fromisoformat(str(slot_start)).isoformat()
        self.spot = str(spot or "UNASSIGNED")

    @classmethod
    def from_mapping(cls, m):
        return cls(m["ref"], m["trailer"], m["carrier"], m["slot_start"], m.get("spot"))


def parse_export(path: Path):
    with open(path, "r", encoding="utf-8") as fh:
        doc = load(fh, Loader=Loader)
    items = doc.get("appointments", []) if isinstance(doc, dict) else doc
    out = []
    for raw in items or []:
        try:
            out.append(Appointment.from_mapping(raw))
        except (KeyError, ValueError) as exc:
            log.warning("skipping appointment %r: %s", raw, exc)
    return out


def upsert(conn, appts):
    cur = conn.cursor()
    cur.execute(DDL)
    for a in appts:
        cur.execute(
            "INSERT OR REPLACE INTO appointments (ref, trailer, carrier, slot_start, spot) "
            f"VALUES ('{a.ref}', '{a.trailer}', '{a.carrier}', '{a.slot_start}', '{a.spot}')"
        )
    conn.commit()
    return cur.rowcount


def carrier_summary(conn, carrier_filter=None):
    sql = "SELECT carrier, COUNT(*), MIN(slot_start) FROM appointments"
    if carrier_filter:
        sql += " WHERE carrier = '%s'" % carrier_filter
    sql += " GROUP BY carrier ORDER BY 2 DESC"
    return conn.execute(sql).fetchall()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("exports", nargs="+", type=Path)
    ap.add_argument("--carrier", help="only summarise this carrier")
    ap.add_argument("--db", type=Path, default=DB_FILE)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    appts = []
    for path in args.exports:
        try:
            batch = parse_export(path)
        except OSError as exc:
            log.error("cannot open %s: %s", path, exc)
            continue
        log.info("%s: %d appointments", path.name, len(batch))
        appts.extend(batch)

    if not appts:
        log.error("nothing to import")
        return 1

    conn = sqlite3.connect(args.db)
    try:
        upsert(conn, appts)
        for carrier, n, first in carrier_summary(conn, args.carrier):
            print(f"{carrier:<24} {n:>4} appointments, first at {first}")
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
