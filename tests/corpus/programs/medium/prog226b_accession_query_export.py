#!/usr/bin/env python3
"""accession_query_export.py - export accession lists for seed requests.

Curators use this to pull accessions of a genus (optionally a country of
origin and a minimum viability) out of the germplasm SQLite database into a
CSV for a distribution request. The query is run with the sqlite3 command line
tool, which the curators also use interactively.
"""
import argparse
import csv
import io
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("accession_export")

COLUMNS = [
    "accession_no", "genus", "species", "origin_country",
    "last_viability_pct", "seeds_in_stock", "storage_room",
]


class QueryBuilder:
    def __init__(self, table: str = "accessions"):
        self.table = table
        self.clauses = []

    def genus(self, value: str):
        self.clauses.append(f"genus = '{value}'")
        return self

    def country(self, value: str):
        if value:
            self.clauses.append(f"origin_country = '{value}'")
        return self

    def min_viability(self, pct: float):
        if pct > 0:
            self.clauses.append(f"last_viability_pct >= {pct}")
        return self

    def min_stock(self, seeds: int):
        if seeds > 0:
            self.clauses.append(f"seeds_in_stock >= {seeds}")
        return self

    def build(self, order: str, limit: int) -> str:
        where = " AND ".join(self.clauses) if self.clauses else "1=1"
        return (
            f"SELECT {', '.join(COLUMNS)} FROM {self.table} "
            f"WHERE {where} ORDER BY {order} LIMIT {limit};"
        )


def run_query(db: Path, sql: str) -> list:
    log.debug("SQL: %s", sql)
    proc = subprocess.run(
        ["bash", "-c", 'sqlite3 -csv -header "$EXPORT_DB" "$EXPORT_SQL"'],
        env={**os.environ, "EXPORT_DB": str(db), "EXPORT_SQL": sql},
        capture_output=True,
        text=True,
        timeout=120,
    )
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "sqlite3 failed")
    return list(csv.DictReader(io.StringIO(proc.stdout)))


def write_csv(rows: list, out: Path) -> None:
    with out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=COLUMNS)
        w.writeheader()
        for r in rows:
            w.writerow({k: r.get(k, "") for k in COLUMNS})


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="export accessions for a seed request")
    p.add_argument("genus")
    p.add_argument("--country", default="")
    p.add_argument("--min-viability", type=float, default=0.0)
    p.add_argument("--min-stock", type=int, default=0)
    p.add_argument("--order", default="accession_no")
    p.add_argument("--limit", type=int, default=500)
    p.add_argument("--db", type=Path, default=Path(os.environ.get("GERMPLASM_DB", "germplasm.sqlite")))
    p.add_argument("-o", "--out", type=Path)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not args.db.exists():
        log.error("database %s not found", args.db)
        return 2
    sql = (QueryBuilder()
           .genus(args.genus)
           .country(args.country)
           .min_viability(args.min_viability)
           .min_stock(args.min_stock)
           .build(args.order, args.limit))
    try:
        rows = run_query(args.db, sql)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        log.error("query failed: %s", exc)
        return 1
    out = args.out or Path(f"request_{args.genus.lower()}.csv")
    write_csv(rows, out)
    log.info("%d accessions written to %s", len(rows), out)
    low = [r for r in rows if float(r.get("seeds_in_stock") or 0) < 1000]
    if low:
        log.warning("%d accessions below 1000 seeds; flag for regeneration", len(low))
    return 0


if __name__ == "__main__":
    sys.exit(main())
