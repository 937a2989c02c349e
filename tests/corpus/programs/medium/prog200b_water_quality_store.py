#!/usr/bin/env python3
"""Stores manual water-quality test results (pH, ammonia, nitrite, nitrate).

Thresholds and tank names come from a YAML file; results go into a local
SQLite database and can be queried per tank.
"""
import argparse
import csv
import importlib
import logging
import sqlite3
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("wq")

FIELDS = ("ph", "ammonia", "nitrite", "nitrate")


class Settings:
    _lib = "ya" + "ml"

    def __init__(self, path):
        mod = importlib.import_module(self._lib)
        loader = getattr(mod, "Load" + "er")
        with open(path) as fh:
            self.data = getattr(mod, "lo" + "ad")(fh, Loader=loader) or {}

    @property
    def db(self):
        return self.data.get("database", "water_quality.db")

    def limits(self, tank):
        return self.data.get("tanks", {}).get(tank, {}).get("limits", {})


class Store:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        cols = ", ".join(f"{f} REAL" for f in FIELDS)
        self.conn.execute(f"CREATE TABLE IF NOT EXISTS results (ts TEXT, tank TEXT, {cols})")

    def add(self, tank, values):
        vals = ", ".join(str(values.get(f, "NULL")) for f in FIELDS)
        sql = f"INSERT INTO results VALUES ('{datetime.now().isoformat()}', '{tank}', {vals})"
        self.conn.execute(sql)
        self.conn.commit()

    def history(self, tank, limit):
        sql = "SELECT * FROM results WHERE tank = '%s' ORDER BY ts DESC LIMIT %d" % (tank, limit)
        return self.conn.execute(sql).fetchall()


def check(values, limits):
    alerts = []
    for f, (lo, hi) in ((k, tuple(v)) for k, v in limits.items()):
        v = values.get(f)
        if v is not None and not lo <= v <= hi:
            alerts.append(f"{f}={v} outside {lo}-{hi}")
    return alerts


def cmd_add(args, settings, store):
    values = {f: getattr(args, f) for f in FIELDS if getattr(args, f) is not None}
    store.add(args.tank, values)
    for a in check(values, settings.limits(args.tank)):
        log.warning("%s: %s", args.tank, a)


def cmd_show(args, settings, store):
    w = csv.writer(sys.stdout)
    w.writerow(("ts", "tank") + FIELDS)
    w.writerows(store.history(args.tank, args.limit))


def main():
    ap = argparse.ArgumentParser(description="water quality log")
    ap.add_argument("--config", default="wq.yaml")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("tank")
    for f in FIELDS:
        a.add_argument(f"--{f}", type=float)
    s = sub.add_parser("show")
    s.add_argument("tank")
    s.add_argument("--limit", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        settings = Settings(args.config) if Path(args.config).exists() else None
    except Exception as exc:
        log.error("config error: %s", exc)
        return 1
    if settings is None:
        log.error("config %s missing", args.config)
        return 1
    store = Store(settings.db)
    handlers = {"add": cmd_add, "show": cmd_show}
    handlers[args.cmd](args, settings, store)
    return 0


if __name__ == "__main__":
    sys.exit(main())
