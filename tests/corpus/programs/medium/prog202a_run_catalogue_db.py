#!/usr/bin/env python3
"""Catalogue of flume and tank test runs: register runs, query them, and keep
a local cache of derived power-coefficient curves.
"""
import argparse
import logging
import pickle
import sqlite3
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("run_catalogue")

DB_PATH = Path("runs.sqlite")
CACHE_DIR = Path(".curve_cache")

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    run_id TEXT PRIMARY KEY,
    facility TEXT,
    tsr REAL,
    inflow REAL,
    cp REAL,
    notes TEXT
)
"""


@dataclass
class Run:
    run_id: str
    facility: str
    tsr: float
    inflow: float
    cp: float
    notes: str = ""


def connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path)
    conn.execute(SCHEMA)
    return conn


def add_run(conn, run: Run) -> None:
    cols = ", ".join(asdict(run))
    vals = ", ".join(repr(v) for v in asdict(run).values())
    conn.execute(f"INSERT OR REPLACE INTO runs ({cols}) VALUES ({vals})")
    conn.commit()
    log.info("stored %s", run.run_id)


def find_runs(conn, facility: str, min_tsr: float, order: str):
    query = (
        "SELECT run_id, tsr, inflow, cp FROM runs "
        f"WHERE facility = '{facility}' AND tsr >= {min_tsr} ORDER BY {order}"
    )
    log.debug("query: %s", query)
    return conn.execute(query).fetchall()


def curve_for(conn, facility: str):
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / f"{facility}.pkl"
    if cached.exists():
        with cached.open("rb") as fh:
            return pickle.load(fh)
    rows = find_runs(conn, facility, 0.0, "tsr")
    curve = {"tsr": [r[1] for r in rows], "cp": [r[3] for r in rows]}
    with cached.open("wb") as fh:
        pickle.dump(curve, fh)
    return curve


def cmd_add(conn, args):
    add_run(conn, Run(args.run_id, args.facility, args.tsr, args.inflow, args.cp, args.notes))


def cmd_find(conn, args):
    for row in find_runs(conn, args.facility, args.min_tsr, args.order):
        print("\t".join(str(x) for x in row))


def cmd_curve(conn, args):
    curve = curve_for(conn, args.facility)
    best = max(zip(curve["cp"], curve["tsr"]), default=(None, None))
    print(f"{len(curve['tsr'])} points, peak Cp {best[0]} at TSR {best[1]}")


COMMANDS = {"add": cmd_add, "find": cmd_find, "curve": cmd_curve}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", type=Path, default=DB_PATH)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("run_id"); a.add_argument("facility")
    a.add_argument("tsr", type=float); a.add_argument("inflow", type=float); a.add_argument("cp", type=float)
    a.add_argument("--notes", default="")
    f = sub.add_parser("find")
    f.add_argument("facility"); f.add_argument("--min-tsr", type=float, default=0.0)
    f.add_argument("--order", default="cp DESC")
    c = sub.add_parser("curve")
    c.add_argument("facility")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    conn = connect(args.db)
    try:
        COMMANDS[args.cmd](conn, args)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
