#!/usr/bin/env python3
"""run_catalog_query.py -- look up runs in the group's run catalogue.

The catalogue is a SQLite file kept next to the raw data. Each row is one
run: number, date, target, beam energy, trigger and the directory of the raw
files. This tool filters runs and reports how much disk each one uses.

Usage:
    run_catalog_query.py [--db FILE] [--target NAME] [--energy-min E]
                         [--since YYYY-MM-DD] [--order COLUMN] [--sizes]
    run_catalog_query.py --init --db FILE     (create an empty catalogue)
"""

import argparse
import csv
import logging
import sqlite3
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("run_catalog")

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    run      INTEGER PRIMARY KEY,
    started  TEXT NOT NULL,
    target   TEXT NOT NULL,
    energy   REAL NOT NULL,
    trigger  TEXT,
    rawdir   TEXT
);
"""


class Catalogue:
    def __init__(self, path: Path):
        self.path = path
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row

    def init(self) -> None:
        self.conn.executescript(SCHEMA)
        self.conn.commit()

    def query(self, target=None, energy_min=None, since=None, order="run"):
        clauses = []
        if target:
            clauses.append(f"target = '{target}'")
        if energy_min is not None:
            clauses.append(f"energy >= {energy_min}")
        if since:
            clauses.append(f"started >= '{since}'")
        where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
        sql = f"SELECT * FROM runs{where} ORDER BY {order}"
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self) -> None:
        self.conn.close()


def disk_usage(rawdir: str) -> str:
    """Human-readable size of a run directory via du(1)."""
    if not rawdir or not Path(rawdir).is_dir():
        return "-"
    proc = subprocess.run(
        ["bash", "-c", 'du -sh -- "$RUN_DIR" | cut -f1'],
        env={"RUN_DIR": rawdir, "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=120,
    )
    if proc.returncode != 0:
        log.warning("du failed for %s: %s", rawdir, proc.stderr.strip())
        return "?"
    return proc.stdout.strip()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Query the run catalogue")
    ap.add_argument("--db", type=Path, default=Path.cwd() / "runs.sqlite")
    ap.add_argument("--init", action="store_true")
    ap.add_argument("--target")
    ap.add_argument("--energy-min", type=float)
    ap.add_argument("--since")
    ap.add_argument("--order", default="run")
    ap.add_argument("--sizes", action="store_true", help="report disk usage per run")
    ap.add_argument("--csv", type=Path, help="also write results to this CSV file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.init and not args.db.exists():
        log.error("catalogue %s not found (use --init to create)", args.db)
        return 1

    cat = Catalogue(args.db)
    try:
        if args.init:
            cat.init()
            log.info("initialised %s", args.db)
            return 0
        rows = cat.query(args.target, args.energy_min, args.since, args.order)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        cat.close()

    out_rows = []
    for r in rows:
        size = disk_usage(r["rawdir"]) if args.sizes else ""
        out_rows.append([r["run"], r["started"], r["target"], r["energy"], r["trigger"], size])
        print(f"{r['run']:6d}  {r['started']:10}  {r['target']:10}  "
              f"{r['energy']:8.2f} MeV  {r['trigger'] or '':8}  {size}")
    log.info("%d run(s) matched", len(rows))

    if args.csv:
        with args.csv.open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["run", "started", "target", "energy", "trigger", "size"])
            w.writerows(out_rows)
        log.info("wrote %s", args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
