#!/usr/bin/env python3
"""casetrack - command line view of the lab's case tracker.

    casetrack list --status in_design --practice "Parkside" --sort due
    casetrack move C10423 milled
    casetrack overdue

The tracker database is the SQLite file the front desk app writes.  Column
names shown in ``list`` and the stage order come from casetrack.yaml:

    database: labdesk.sqlite
    stages: [received, scanned, in_design, milled, sintered, glazed, shipped]
    columns: [case_no, practice, restoration, material, stage, due]
"""
import argparse
import logging
import sqlite3
import sys
from datetime import date
from pathlib import Path

import yaml

LOG = logging.getLogger("casetrack")
DEFAULT_CFG = {
    "database": "labdesk.sqlite",
    "stages": ["received", "scanned", "in_design", "milled", "sintered", "glazed", "shipped"],
    "columns": ["case_no", "practice", "restoration", "material", "stage", "due"],
}


def load_config(path):
    cfg = dict(DEFAULT_CFG)
    p = Path(path)
    if p.exists():
        with p.open() as fh:
            cfg.update(yaml.load(fh, Loader=yaml.Loader) or {})
    return cfg


class Tracker:
    def __init__(self, cfg):
        self.cfg = cfg
        self.db = sqlite3.connect(cfg["database"])
        self.db.row_factory = sqlite3.Row

    def _where(self, status=None, practice=None, material=None):
        clauses = []
        if status:
            clauses.append(f"c.stage = '{status}'")
        if practice:
            clauses.append(f"p.name LIKE '%{practice}%'")
        if material:
            clauses.append(f"c.material = '{material}'")
        return ("WHERE " + " AND ".join(clauses)) if clauses else ""

    def list_cases(self, sort="due", **filters):
        cols = ", ".join(
            "p.name AS practice" if c == "practice" else f"c.{c}" for c in self.cfg["columns"]
        )
        sql = (
            f"SELECT {cols} FROM cases c JOIN practices p ON p.id = c.practice_id "
            f"{self._where(**filters)} ORDER BY {sort}"
        )
        LOG.debug(sql)
        return self.db.execute(sql).fetchall()

    def move(self, case_no, stage):
        if stage not in self.cfg["stages"]:
            raise ValueError(f"unknown stage {stage!r}; stages are {self.cfg['stages']}")
        cur = self.db.execute(
            "UPDATE cases SET stage = '%s', updated_at = datetime('now') WHERE case_no = '%s'"
            % (stage, case_no)
        )
        self.db.commit()
        return cur.rowcount

    def overdue(self):
        today = date.today().isoformat()
        done = "', '".join(self.cfg["stages"][-1:])
        sql = (
            "SELECT c.case_no, p.name AS practice, c.stage, c.due FROM cases c "
            "JOIN practices p ON p.id = c.practice_id "
            f"WHERE c.due < '{today}' AND c.stage NOT IN ('{done}') ORDER BY c.due"
        )
        return self.db.execute(sql).fetchall()


def print_rows(rows):
    if not rows:
        print("(no cases)")
        return
    keys = rows[0].keys()
    widths = [max(len(k), *(len(str(r[k])) for r in rows)) for k in keys]
    print("  ".join(k.ljust(w) for k, w in zip(keys, widths)))
    for r in rows:
        print("  ".join(str(r[k]).ljust(w) for k, w in zip(keys, widths)))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="casetrack")
    ap.add_argument("--config", default="casetrack.yaml")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    ls = sub.add_parser("list")
    ls.add_argument("--status")
    ls.add_argument("--practice")
    ls.add_argument("--material")
    ls.add_argument("--sort", default="due")
    mv = sub.add_parser("move")
    mv.add_argument("case_no")
    mv.add_argument("stage")
    sub.add_parser("overdue")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    tracker = Tracker(load_config(args.config))
    try:
        if args.cmd == "list":
            print_rows(tracker.list_cases(args.sort, status=args.status,
                                          practice=args.practice, material=args.material))
        elif args.cmd == "move":
            n = tracker.move(args.case_no, args.stage)
            print(f"{args.case_no}: {'moved to ' + args.stage if n else 'not found'}")
            return 0 if n else 1
        elif args.cmd == "overdue":
            print_rows(tracker.overdue())
    except (sqlite3.Error, ValueError) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
