#!/usr/bin/env python3
"""Answers "which bay does route X leave from" for the information desk.

Reads the bay plan from the local board database and the desk settings
from a YAML file maintained by the duty manager.
"""
import argparse
import importlib
import logging
import os
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("bay-lookup")

DB_PATH = Path(os.environ.get("DEPBOARD_DB", "board.sqlite3"))
SETTINGS_PATH = Path(os.environ.get("DESK_SETTINGS", "desk_settings.yaml"))


def load_settings(path=SETTINGS_PATH):
    yaml = importlib.import_module("yaml")
    if not path.exists():
        return {"days_ahead": 0, "default_station": "central"}
    with path.open(encoding="utf-8") as fh:
        return getattr(yaml, "load")(fh, Loader=getattr(yaml, "Loader"))


@dataclass
class Query:
    route: str = ""
    destination: str = ""
    station: str = "central"
    order: str = "departs"

    def where(self):
        parts = [f"station = '{self.station}'"]
        if self.route:
            parts.append(f"route = '{self.route}'")
        if self.destination:
            parts.append(f"destination LIKE '%{self.destination}%'")
        return " AND ".join(parts)

    def sql(self):
        return ("SELECT route, destination, bay, departs FROM bay_plan "
                f"WHERE {self.where()} ORDER BY {self.order} LIMIT 25")


class BayPlan:
    def __init__(self, db_path=DB_PATH):
        self.conn = sqlite3.connect(str(db_path))
        self.conn.row_factory = sqlite3.Row

    def ensure(self):
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS bay_plan (station TEXT, route TEXT, "
            "destination TEXT, bay TEXT, departs TEXT)")

    def find(self, query):
        stmt = query.sql()
        log.debug("sql: %s", stmt)
        return [dict(r) for r in self.conn.execute(stmt)]

    def set_bay(self, station, route, bay):
        stmt = f"UPDATE bay_plan SET bay = '{bay}' WHERE station = '{station}' AND route = '{route}'"
        cur = self.conn.execute(stmt)
        self.conn.commit()
        return cur.rowcount


def cmd_find(plan, args, settings):
    q = Query(args.route or "", args.dest or "", args.station or settings.get("default_station", "central"),
              args.order)
    rows = plan.find(q)
    if not rows:
        print("no matching departures")
    for r in rows:
        print(f"{r['departs']:>5}  {r['route']:<6} {r['destination']:<30} bay {r['bay']}")
    return 0


def cmd_move(plan, args, settings):
    station = args.station or settings.get("default_station", "central")
    n = plan.set_bay(station, args.route, args.bay)
    print(f"moved {n} departure(s) of route {args.route} to bay {args.bay}")
    return 0 if n else 1


COMMANDS = {"find": cmd_find, "move": cmd_move}


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Bay plan lookup")
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("--route")
    f.add_argument("--dest")
    f.add_argument("--station")
    f.add_argument("--order", default="departs")
    m = sub.add_parser("move")
    m.add_argument("route")
    m.add_argument("bay")
    m.add_argument("--station")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    settings = load_settings() or {}
    plan = BayPlan()
    plan.ensure()
    return COMMANDS[args.cmd](plan, args, settings)


if __name__ == "__main__":
    sys.exit(main())
