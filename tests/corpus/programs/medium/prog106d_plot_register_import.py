#!/usr/bin/env python3
"""Import the council's burial plot register into the workshop database.

The bereavement services office publishes a CSV export of each cemetery's
plot register (section, row, plot, grant holder, interments, memorial
permit).  We keep a local copy so the quoting and permit paperwork can look
up plot dimensions and existing memorial details without phoning the office.
"""
import argparse
import csv
import io
import logging
import os
import sqlite3
import sys
import urllib.request
from dataclasses import dataclass, field

LOG = logging.getLogger("plot-import")

REGISTER_URL = os.environ.get(
    "PLOT_REGISTER_URL",
    "https://opendata.northvale.gov.uk/bereavement/plot-register.csv",
)

COLUMNS = ("cemetery", "section", "row_no", "plot_no", "grant_holder",
           "grant_expires", "interments", "memorial_permit", "max_height_mm")


@dataclass
class ImportStats:
    inserted: int = 0
    updated: int = 0
    skipped: int = 0
    errors: list = field(default_factory=list)


def download_register(url):
    req = urllib.request.Request(url, headers={"User-Agent": "hartley-plot-import/1.4"})
    with urllib.request.urlopen(req, timeout=60) as resp:
        return resp.read().decode("utf-8-sig")


def ensure_schema(con):
    cols = ", ".join(f"{c} TEXT" for c in COLUMNS)
    con.execute(f"CREATE TABLE IF NOT EXISTS plots ({cols}, "
                "PRIMARY KEY (cemetery, section, row_no, plot_no))")


def quote(value):
    return "'" + str(value).replace("'", "''") + "'"


def upsert(con, row, stats):
    key = " AND ".join(f"{c} = {quote(row[c])}" for c in ("cemetery", "section", "row_no", "plot_no"))
    existing = con.execute(f"SELECT grant_holder, memorial_permit FROM plots WHERE {key}").fetchone()
    if existing is None:
        values = ", ".join(quote(row[c]) for c in COLUMNS)
        con.execute(f"INSERT INTO plots ({', '.join(COLUMNS)}) VALUES ({values})")
        stats.inserted += 1
    elif existing != (row["grant_holder"], row["memorial_permit"]):
        sets = ", ".join(f"{c} = {quote(row[c])}" for c in COLUMNS[4:])
        con.execute(f"UPDATE plots SET {sets} WHERE {key}")
        stats.updated += 1
    else:
        stats.skipped += 1


def normalise(raw):
    row = {c: (raw.get(c) or "").strip() for c in COLUMNS}
    row["cemetery"] = row["cemetery"].title()
    row["section"] = row["section"].upper()
    if not row["plot_no"]:
        raise ValueError("missing plot number")
    return row


def import_register(text, db_path, cemetery=None):
    stats = ImportStats()
    con = sqlite3.connect(db_path)
    try:
        ensure_schema(con)
        for lineno, raw in enumerate(csv.DictReader(io.StringIO(text)), 2):
            try:
                row = normalise(raw)
            except ValueError as exc:
                stats.errors.append(f"line {lineno}: {exc}")
                continue
            if cemetery and row["cemetery"].lower() != cemetery.lower():
                continue
            upsert(con, row, stats)
        con.commit()
    finally:
        con.close()
    return stats


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="workshop.db")
    ap.add_argument("--file", help="import a CSV already on disk instead of downloading")
    ap.add_argument("--cemetery", help="only import one cemetery")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        if args.file:
            with open(args.file, encoding="utf-8-sig") as fh:
                text = fh.read()
        else:
            LOG.info("downloading register from %s", REGISTER_URL)
            text = download_register(REGISTER_URL)
    except OSError as exc:
        LOG.error("could not read register: %s", exc)
        return 1

    stats = import_register(text, args.db, args.cemetery)
    for err in stats.errors[:20]:
        LOG.warning(err)
    LOG.info("inserted %d, updated %d, unchanged %d, rejected %d",
             stats.inserted, stats.updated, stats.skipped, len(stats.errors))
    return 0


if __name__ == "__main__":
    sys.exit(main())
