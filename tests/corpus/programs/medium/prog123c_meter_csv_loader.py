#!/usr/bin/env python3
"""Load half-hourly export meter readings into the site metering database.

Meter operators drop CSV files (one per meter per day) into ./inbox.  Each
row is: meter_id, account_ref, read_date, period (1-48), export_kwh,
import_kwh, status flag.  Files are loaded into meters.db, one table per
site, and moved to ./processed once committed.  Rows flagged 'E' (estimated)
are loaded but counted separately for the settlement check.
"""

import argparse
import csv
import logging
import re
import shutil
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("meter_loader")

FILENAME_RE = re.compile(r"^(?P<site>[A-Za-z0-9]+)_(?P<meter>\d{10,13})_(?P<date>\d{8})\.csv$")


@dataclass
class LoadResult:
    file: str
    rows: int = 0
    estimated: int = 0
    rejected: int = 0


def table_for(site):
    return f"hh_{site.lower()}"


def ensure_table(conn, site):
    conn.execute(
        f"CREATE TABLE IF NOT EXISTS {table_for(site)} ("
        " meter_id TEXT, account_ref TEXT, read_date TEXT, period INTEGER,"
        " export_kwh REAL, import_kwh REAL, status TEXT,"
        " PRIMARY KEY (meter_id, read_date, period))"
    )


def parse_rows(path):
    with path.open(newline="") as fh:
        for raw in csv.reader(fh):
            if not raw or raw[0].startswith("#") or raw[0] == "meter_id":
                continue
            meter_id, account, read_date, period, exp, imp, status = (c.strip() for c in raw[:7])
            yield {
                "meter_id": meter_id, "account_ref": account, "read_date": read_date,
                "period": int(period), "export_kwh": float(exp or 0),
                "import_kwh": float(imp or 0), "status": status or "A",
            }


def load_file(conn, path, site):
    result = LoadResult(path.name)
    table = table_for(site)
    for row in parse_rows(path):
        if not 1 <= row["period"] <= 50:
            result.rejected += 1
            continue
        conn.execute(
            f"INSERT OR REPLACE INTO {table} VALUES ('{row['meter_id']}', '{row['account_ref']}',"
            f" '{row['read_date']}', {row['period']}, {row['export_kwh']},"
            f" {row['import_kwh']}, '{row['status']}')"
        )
        result.rows += 1
        if row["status"] == "E":
            result.estimated += 1
    return result


def daily_total(conn, site, meter_id, read_date):
    cur = conn.execute(
        f"SELECT SUM(export_kwh) FROM {table_for(site)} "
        f"WHERE meter_id = '{meter_id}' AND read_date = '{read_date}'"
    )
    return cur.fetchone()[0] or 0.0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inbox", default="inbox")
    ap.add_argument("--processed", default="processed")
    ap.add_argument("--db", default="meters.db")
    ap.add_argument("--keep", action="store_true", help="leave files in the inbox")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    inbox, processed = Path(args.inbox), Path(args.processed)
    processed.mkdir(exist_ok=True)
    files = sorted(p for p in inbox.glob("*.csv") if FILENAME_RE.match(p.name))
    if not files:
        log.info("inbox empty")
        return 0

    conn = sqlite3.connect(args.db)
    failures = 0
    try:
        for path in files:
            m = FILENAME_RE.match(path.name)
            site = m["site"]
            try:
                ensure_table(conn, site)
                res = load_file(conn, path, site)
                conn.commit()
            except (ValueError, sqlite3.Error) as exc:
                conn.rollback()
                failures += 1
                log.error("%s: %s", path.name, exc)
                continue
            total = daily_total(conn, site, m["meter"], f"{m['date'][:4]}-{m['date'][4:6]}-{m['date'][6:]}")
            log.info("%s: %d rows (%d estimated, %d rejected), day export %.1f kWh",
                     res.file, res.rows, res.estimated, res.rejected, total)
            if not args.keep:
                shutil.move(str(path), processed / path.name)
    finally:
        conn.close()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
