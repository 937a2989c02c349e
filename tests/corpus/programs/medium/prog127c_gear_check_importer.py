#!/usr/bin/env python3
"""Import equipment check logs from the old KitCheck app into gear.db.

KitCheck wrote one YAML file per camp/store check (tents, stoves, ropes,
first-aid kits) with the inspector, date, and per-item condition. This
importer loads those files into the SQLite database the new equipment check
log uses, and flags items that failed their last inspection.
"""

import argparse
import datetime as dt
import logging
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("gear-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS checks(
    id INTEGER PRIMARY KEY, source TEXT UNIQUE, checked_on TEXT,
    inspector TEXT, location TEXT);
CREATE TABLE IF NOT EXISTS item_checks(
    check_id INTEGER, item_code TEXT, item_name TEXT, category TEXT,
    condition TEXT, notes TEXT);
"""

CONDITIONS = {"ok", "worn", "repair", "retire", "missing"}


def load_check(path):
    # KitCheck 2.x exports tag dates and some custom item types, which the
    # restricted loader rejects, so use the full loader here.
    with open(path, encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(doc, dict) or "items" not in doc:
        raise ValueError("not a KitCheck export")
    return doc


def normalise_date(value):
    if isinstance(value, (dt.date, dt.datetime)):
        return value.strftime("%Y-%m-%d")
    return dt.datetime.strptime(str(value), "%d/%m/%Y").strftime("%Y-%m-%d")


class GearDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def already_imported(self, source):
        cur = self.conn.execute(f"SELECT id FROM checks WHERE source = '{source}'")
        return cur.fetchone() is not None

    def add_check(self, source, doc):
        checked_on = normalise_date(doc.get("date"))
        inspector = str(doc.get("inspector", "unknown")).replace("'", "''")
        location = str(doc.get("location", "store")).replace("'", "''")
        cur = self.conn.execute(
            "INSERT INTO checks(source, checked_on, inspector, location) "
            f"VALUES ('{source}', '{checked_on}', '{inspector}', '{location}')")
        check_id = cur.lastrowid
        for item in doc["items"]:
            cond = str(item.get("condition", "ok")).lower()
            if cond not in CONDITIONS:
                log.warning("%s: unknown condition %r for %s", source, cond, item.get("code"))
            self.conn.execute(
                "INSERT INTO item_checks VALUES (?, ?, ?, ?, ?, ?)",
                (check_id, item.get("code"), item.get("name"), item.get("category", ""),
                 cond, item.get("notes", "")))
        return len(doc["items"])

    def failing_items(self, category=None):
        where = f"AND ic.category = '{category}'" if category else ""
        sql = f"""
            SELECT ic.item_code, ic.item_name, ic.condition, c.checked_on
            FROM item_checks ic JOIN checks c ON c.id = ic.check_id
            WHERE c.checked_on = (SELECT MAX(c2.checked_on) FROM checks c2
                                  JOIN item_checks i2 ON i2.check_id = c2.id
                                  WHERE i2.item_code = ic.item_code)
              AND ic.condition IN ('repair', 'retire', 'missing') {where}
            ORDER BY ic.item_code"""
        return self.conn.execute(sql).fetchall()

    def commit(self):
        self.conn.commit()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("exports", nargs="+", help="KitCheck .yml files or folders")
    ap.add_argument("--db", default="gear.db")
    ap.add_argument("--category", help="only report failures in this category")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    files = []
    for arg in args.exports:
        p = Path(arg)
        files.extend(sorted(p.glob("*.y*ml")) if p.is_dir() else [p])

    db = GearDB(args.db)
    imported = items = 0
    for path in files:
        source = path.name
        if db.already_imported(source):
            log.debug("skip %s (already imported)", source)
            continue
        try:
            items += db.add_check(source, load_check(path))
            imported += 1
        except (OSError, ValueError, yaml.YAMLError) as exc:
            log.error("%s: %s", source, exc)
    db.commit()
    log.info("imported %d check(s), %d item record(s)", imported, items)

    for code, name, cond, when in db.failing_items(args.category):
        print(f"{code:<10} {name:<30} {cond:<8} (checked {when})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
