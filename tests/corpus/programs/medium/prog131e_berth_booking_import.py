#!/usr/bin/env python3
"""Import berth bookings from the marina office spreadsheet export.

The office keeps bookings in a spreadsheet and exports a CSV every evening.
This loads it into the yard scheduler's SQLite database, resolving boats by
name or registration, checking the berth can take the boat's LOA and beam,
and reporting overlapping bookings for the same berth.

Column names differ between office templates, so the mapping lives in
berth_import.yaml:

    database: yard.db
    columns:
      boat: "Vessel"
      reg: "Reg No"
      berth: "Berth"
      arrive: "Arrival"
      depart: "Departure"
    date_format: "%d/%m/%Y"
"""
import argparse
import csv
import datetime as dt
import logging
import sqlite3
import sys

import yaml

log = logging.getLogger("berth_import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS berths (code TEXT PRIMARY KEY, max_loa REAL, max_beam REAL);
CREATE TABLE IF NOT EXISTS boats (id INTEGER PRIMARY KEY, name TEXT, reg TEXT UNIQUE,
                                  loa REAL, beam REAL);
CREATE TABLE IF NOT EXISTS bookings (id INTEGER PRIMARY KEY, boat_id INTEGER, berth TEXT,
                                     arrive TEXT, depart TEXT, source TEXT);
"""


class BookingImporter:
    def __init__(self, config):
        self.cfg = config
        self.cols = config["columns"]
        self.date_format = config.get("date_format", "%Y-%m-%d")
        self.db = sqlite3.connect(config.get("database", "yard.db"))
        self.db.executescript(SCHEMA)
        self.stats = {"imported": 0, "skipped": 0, "conflicts": 0}

    def parse_date(self, text):
        return dt.datetime.strptime(text.strip(), self.date_format).date().isoformat()

    def find_boat(self, name, reg):
        cur = self.db.cursor()
        if reg:
            cur.execute(f"SELECT id, loa, beam FROM boats WHERE reg = '{reg.strip().upper()}'")
        else:
            cur.execute(f"SELECT id, loa, beam FROM boats WHERE lower(name) = lower('{name.strip()}')")
        return cur.fetchone()

    def berth_fits(self, berth, loa, beam):
        row = self.db.execute(
            f"SELECT max_loa, max_beam FROM berths WHERE code = '{berth}'").fetchone()
        if row is None:
            log.warning("unknown berth %s", berth)
            return False
        return (loa or 0) <= row[0] and (beam or 0) <= row[1]

    def overlaps(self, berth, arrive, depart):
        query = ("SELECT b.id, boats.name, b.arrive, b.depart FROM bookings b "
                 "JOIN boats ON boats.id = b.boat_id "
                 f"WHERE b.berth = '{berth}' AND b.arrive < '{depart}' AND b.depart > '{arrive}'")
        return self.db.execute(query).fetchall()

    def import_row(self, row, source):
        name, reg = row.get(self.cols["boat"], ""), row.get(self.cols.get("reg", ""), "")
        berth = row[self.cols["berth"]].strip().upper()
        try:
            arrive, depart = self.parse_date(row[self.cols["arrive"]]), self.parse_date(row[self.cols["depart"]])
        except ValueError as exc:
            log.warning("%s: bad date (%s)", name, exc)
            self.stats["skipped"] += 1
            return
        boat = self.find_boat(name, reg)
        if boat is None:
            log.warning("boat %s / %s not in register, skipped", name, reg)
            self.stats["skipped"] += 1
            return
        boat_id, loa, beam = boat
        if not self.berth_fits(berth, loa, beam):
            log.warning("%s (%.1f m x %.1f m) does not fit berth %s", name, loa or 0, beam or 0, berth)
        clashes = self.overlaps(berth, arrive, depart)
        for clash in clashes:
            log.warning("berth %s: %s %s..%s overlaps %s %s..%s", berth, name, arrive, depart, *clash[1:])
        self.stats["conflicts"] += len(clashes)
        self.db.execute(
            "INSERT INTO bookings (boat_id, berth, arrive, depart, source) VALUES "
            f"({boat_id}, '{berth}', '{arrive}', '{depart}', '{source}')")
        self.stats["imported"] += 1

    def run(self, csv_path, dry_run=False):
        with open(csv_path, newline="", encoding="utf-8-sig") as fh:
            for row in csv.DictReader(fh):
                self.import_row(row, csv_path)
        if dry_run:
            self.db.rollback()
        else:
            self.db.commit()
        return self.stats


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def main(argv=None):
    ap = argparse.ArgumentParser(description="import marina office berth bookings")
    ap.add_argument("csv")
    ap.add_argument("-c", "--config", default="berth_import.yaml")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        importer = BookingImporter(load_config(args.config))
        stats = importer.run(args.csv, args.dry_run)
    except (OSError, KeyError, yaml.YAMLError, sqlite3.Error) as exc:
        log.error("import failed: %s", exc)
        return 1
    log.info("imported %(imported)d, skipped %(skipped)d, conflicts %(conflicts)d", stats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
