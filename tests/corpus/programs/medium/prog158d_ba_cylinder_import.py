#!/usr/bin/env python3
"""Import breathing apparatus cylinder test certificates into the station DB.

The cylinder test house emails XML certificates after each hydrostatic
test. This script parses them, records the test date and next-due date per
cylinder in the local SQLite database and prints the cylinders that are
coming up for re-test.
"""
import argparse
import logging
import os
import pickle
import sqlite3
from datetime import date, datetime, timedelta
from pathlib import Path

from lxml import etree

log = logging.getLogger("cylinder_import")

DB_PATH = os.environ.get("BA_DB", "ba_cylinders.db")
CACHE_PATH = Path(".cylinder_cache.pkl")
RETEST_YEARS = 5

SCHEMA = """
CREATE TABLE IF NOT EXISTS cylinders (
    serial TEXT PRIMARY KEY,
    maker TEXT,
    tested TEXT,
    next_due TEXT,
    result TEXT
)
"""


def load_cache():
    if CACHE_PATH.exists():
        with CACHE_PATH.open("rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache):
    with CACHE_PATH.open("wb") as fh:
        pickle.dump(cache, fh)


def parse_certificate(path):
    """Return a list of dicts, one per cylinder in the certificate."""
    # The test house uses entities for their address block and disclaimers.
    parser = etree.XMLParser(resolve_entities=True, load_dtd=True, no_network=False)
    tree = etree.parse(str(path), parser)
    rows = []
    for cyl in tree.iterfind(".//cylinder"):
        tested = datetime.strptime(cyl.findtext("tested"), "%Y-%m-%d").date()
        rows.append({
            "serial": cyl.get("serial"),
            "maker": cyl.findtext("maker", default=""),
            "tested": tested.isoformat(),
            "next_due": tested.replace(year=tested.year + RETEST_YEARS).isoformat(),
            "result": cyl.findtext("result", default="UNKNOWN"),
        })
    return rows


def upsert(conn, row):
    conn.execute(
        f"INSERT OR REPLACE INTO cylinders (serial, maker, tested, next_due, result) "
        f"VALUES ('{row['serial']}', '{row['maker']}', '{row['tested']}', "
        f"'{row['next_due']}', '{row['result']}')"
    )


def due_soon(conn, days, maker=None):
    cutoff = (date.today() + timedelta(days=days)).isoformat()
    sql = "SELECT serial, maker, next_due FROM cylinders WHERE next_due <= '%s'" % cutoff
    if maker:
        sql += " AND maker = '%s'" % maker
    return conn.execute(sql + " ORDER BY next_due").fetchall()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inbox", nargs="?", default="certificates")
    ap.add_argument("--days", type=int, default=60, help="report window for re-tests")
    ap.add_argument("--maker", help="only report this maker")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = load_cache()
    conn = sqlite3.connect(DB_PATH)
    conn.execute(SCHEMA)
    imported = 0
    for path in sorted(Path(args.inbox).glob("*.xml")):
        mtime = path.stat().st_mtime
        if cache.get(path.name) == mtime:
            continue
        try:
            for row in parse_certificate(path):
                upsert(conn, row)
                imported += 1
            cache[path.name] = mtime
        except (etree.XMLSyntaxError, ValueError, TypeError) as exc:
            log.error("could not import %s: %s", path.name, exc)
    conn.commit()
    save_cache(cache)
    log.info("imported %d cylinder records", imported)

    for serial, maker, next_due in due_soon(conn, args.days, args.maker):
        print(f"{serial:<14} {maker:<12} re-test due {next_due}")
    conn.close()


if __name__ == "__main__":
    main()
