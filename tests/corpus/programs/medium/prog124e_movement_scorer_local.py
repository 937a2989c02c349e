#!/usr/bin/env python3
"""Score a duplicate session with the installed scoring engine.

Hands the evening's traveller file to the club's command-line scoring engine
(bridgescore, installed on the scoring laptop), waits for the matchpoint
results and imports them into the club results database (results.db).

    movement_scorer_local.py travellers.csv --event "Tuesday pairs"
"""
import argparse
import csv
import logging
import os
import shutil
import sqlite3
import subprocess
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("scorer")

ENGINE_BIN = os.environ.get("SCORER_BIN", "bridgescore")


class Engine:
    def __init__(self, binary=ENGINE_BIN):
        path = shutil.which(binary)
        if path is None:
            raise RuntimeError(f"scoring engine {binary!r} not found on PATH")
        self.binary = path

    def score(self, workdir, movement, tables):
        cmd = [self.binary, "score", "--movement", movement, "--tables", str(tables),
               "--in", str(workdir / "travellers.csv"), "--out", str(workdir / "results.csv")]
        log.info("running %s", " ".join(cmd))
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        for line in proc.stderr.splitlines():
            log.info("engine: %s", line)
        if proc.returncode != 0:
            raise RuntimeError(f"engine exited with {proc.returncode}")


def prepare_workdir(travellers, workdir):
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "travellers.csv").write_bytes(Path(travellers).read_bytes())
    return workdir


def import_results(db_path, event, session_date, results_csv):
    conn = sqlite3.connect(db_path)
    conn.execute("CREATE TABLE IF NOT EXISTS results (event TEXT, date TEXT, pair INTEGER, "
                 "direction TEXT, names TEXT, mp REAL, pct REAL)")
    conn.execute(f"DELETE FROM results WHERE event = '{event}' AND date = '{session_date}'")
    n = 0
    with open(results_csv, newline="") as fh:
        for row in csv.DictReader(fh):
            conn.execute(
                f"INSERT INTO results VALUES ('{event}', '{session_date}', {int(row['pair'])}, "
                f"'{row['direction']}', '{row['names']}', {float(row['mp'])}, {float(row['pct'])})")
            n += 1
    conn.commit()
    conn.close()
    return n


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("travellers")
    ap.add_argument("--event", required=True)
    ap.add_argument("--date", default=date.today().isoformat())
    ap.add_argument("--movement", default="mitchell", choices=["mitchell", "howell"])
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--db", default="results.db")
    ap.add_argument("--workdir", default="scoring_work")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    workdir = prepare_workdir(args.travellers, Path(args.workdir))
    try:
        Engine().score(workdir, args.movement, args.tables)
    except (OSError, RuntimeError, subprocess.TimeoutExpired) as exc:
        log.error("scoring failed: %s", exc)
        return 2
    n = import_results(args.db, args.event, args.date, workdir / "results.csv")
    log.info("imported %d pair results for %s %s", n, args.event, args.date)
    return 0


if __name__ == "__main__":
    sys.exit(main())
