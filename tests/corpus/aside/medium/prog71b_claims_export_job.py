#!/usr/bin/env python3
"""Claims export job.

Exports settled and open claims from the local claims database to CSV drops
for the regulator reporting pipeline.  Only claims whose figures changed since
the previous run are written; the previous snapshot is kept in a state file.
Settings come from claims_agent.ini next to the script.
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import pickle
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("claims-export")
HERE = Path(__file__).resolve().parent

DEFAULTS = {
    "export": {
        "database": "claims.db",
        "outdir": "exports",
        "statefile": ".claims_state.pkl",
        "statuses": "OPEN,SETTLED,DENIED",
    },
}

EXPORT_SQL = """
SELECT c.claim_no, c.policy_no, c.status, c.loss_date, c.reported_at,
       c.reserve_amount, c.paid_amount, a.adjuster_code, c.updated_at
FROM claims c LEFT JOIN adjusters a ON a.id = c.adjuster_id
WHERE c.status IN ({placeholders})
ORDER BY c.updated_at
"""


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path.exists():
        cfg.read(path)
    return cfg


class Snapshot:
    """Last exported figures per claim, used to detect changes."""

    def __init__(self, path):
        self.path = path
        self.figures = {}
        self.taken_at = None

    def load(self):
        if not self.path.exists():
            return self
        with self.path.open("rb") as fh:
            state = pickle.load(fh)
        self.figures = state.get("figures", {})
        self.taken_at = state.get("taken_at")
        LOG.info("previous snapshot: %d claims at %s", len(self.figures), self.taken_at)
        return self

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump({"figures": self.figures,
                         "taken_at": dt.datetime.now().isoformat()}, fh)

    def changed(self, row):
        key = row[0]
        figures = (row[2], row[5], row[6])
        if self.figures.get(key) == figures:
            return False
        self.figures[key] = figures
        return True


def export_changes(db_path, outdir, statuses, snapshot):
    outdir.mkdir(parents=True, exist_ok=True)
    sql = EXPORT_SQL.format(placeholders=",".join("?" * len(statuses)))
    with sqlite3.connect(db_path) as conn:
        cursor = conn.execute(sql, statuses)
        headers = [d[0] for d in cursor.description]
        rows = [row for row in cursor if snapshot.changed(row)]
    if not rows:
        LOG.info("no claim figures changed")
        return 0
    stamp = dt.datetime.now().strftime("%Y%m%dT%H%M%S")
    target = outdir / f"claims_{stamp}.csv"
    with target.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(headers)
        writer.writerows(rows)
    LOG.info("wrote %d changed claims to %s", len(rows), target.name)
    return len(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", type=Path, default=HERE / "claims_agent.ini")
    ap.add_argument("--full", action="store_true", help="ignore the previous snapshot")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    db_path = HERE / cfg.get("export", "database")
    outdir = HERE / cfg.get("export", "outdir")
    statuses = [s.strip() for s in cfg.get("export", "statuses").split(",") if s.strip()]
    snapshot = Snapshot(HERE / cfg.get("export", "statefile"))
    if not args.full:
        snapshot.load()

    try:
        export_changes(db_path, outdir, statuses, snapshot)
    except sqlite3.Error as exc:
        LOG.error("export failed: %s", exc)
        return 1
    snapshot.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
