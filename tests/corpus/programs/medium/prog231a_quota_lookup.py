#!/usr/bin/env python3
"""quota_lookup.py - remaining quota per vessel and species from the catch DB.

The shore office keeps landings and quota allocations in a SQLite database
(./catch.db, tables `landings` and `allocations`). Skippers phone in asking
"how much cod have we got left?"; this answers that from the command line.

Usage:
    quota_lookup.py --vessel LK-123 [--species COD] [--year 2024] [--db ./catch.db]
"""

import argparse
import logging
import sqlite3
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("quota")


class QuotaDB:
    def __init__(self, path: Path):
        if not path.exists():
            raise FileNotFoundError(f"database {path} not found")
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def allocations(self, vessel: str, year: int, species: str = None) -> list:
        sql = (
            "SELECT species, quota_kg FROM allocations "
            f"WHERE vessel_id = '{vessel}' AND year = {year}"
        )
        if species:
            sql += f" AND species = '{species}'"
        log.debug("SQL: %s", sql)
        return self.conn.execute(sql).fetchall()

    def landed(self, vessel: str, year: int, species: str) -> float:
        sql = (
            "SELECT COALESCE(SUM(landed_kg), 0) AS total FROM landings "
            f"WHERE vessel_id = '{vessel}' AND species = '{species}' "
            f"AND strftime('%Y', landing_date) = '{year}'"
        )
        log.debug("SQL: %s", sql)
        return float(self.conn.execute(sql).fetchone()["total"])


def format_row(species: str, quota: float, landed: float) -> str:
    remaining = quota - landed
    pct = (landed / quota * 100.0) if quota else 0.0
    flag = "  OVER" if remaining < 0 else ("  >90%" if pct > 90 else "")
    return f"{species:<6} {quota:>12,.0f} {landed:>12,.0f} {remaining:>12,.0f} {pct:>6.1f}%{flag}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--vessel", required=True)
    ap.add_argument("--species", help="FAO 3-alpha code, e.g. COD")
    ap.add_argument("--year", type=int, default=date.today().year)
    ap.add_argument("--db", type=Path, default=Path("./catch.db"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        db = QuotaDB(args.db)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 2

    try:
        rows = db.allocations(args.vessel, args.year, args.species)
        if not rows:
            log.warning("no allocations for %s in %d", args.vessel, args.year)
            return 1
        print(f"Quota position for {args.vessel}, {args.year}")
        print(f"{'SPEC':<6} {'QUOTA kg':>12} {'LANDED kg':>12} {'LEFT kg':>12} {'USED':>7}")
        for row in rows:
            landed = db.landed(args.vessel, args.year, row["species"])
            print(format_row(row["species"], float(row["quota_kg"]), landed))
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 3
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
