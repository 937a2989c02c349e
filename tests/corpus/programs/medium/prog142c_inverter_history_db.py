#!/usr/bin/env python3
"""Load inverter Modbus readings into a local SQLite history and query it.

Subcommands:
  load   import poller CSVs into history.db
  query  print readings for one inverter over a date range
  worst  list inverters with the lowest specific yield

Site settings (capacity per inverter, name mapping) come from site.yaml.
Query results are cached in ./.cache to keep the weekly report fast.
"""

import argparse
import csv
import glob
import hashlib
import logging
import os
import pickle
import sqlite3

import yaml

log = logging.getLogger("inv_history")

DB_PATH = "history.db"
CACHE_DIR = ".cache"

SCHEMA = """
CREATE TABLE IF NOT EXISTS readings (
    inverter TEXT, ts TEXT, ac_power_w REAL, dc_voltage_v REAL,
    temp_c REAL, PRIMARY KEY (inverter, ts)
)
"""


def load_site(path="site.yaml"):
    if not os.path.exists(path):
        return {"inverters": {}}
    with open(path) as fh:
        # site.yaml uses a few custom tags from the old commissioning tool
        return yaml.load(fh, Loader=yaml.Loader) or {"inverters": {}}


class History:
    def __init__(self, path=DB_PATH):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def load_csv(self, path, inverter):
        n = 0
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                self.conn.execute(
                    "INSERT OR REPLACE INTO readings VALUES (?, ?, ?, ?, ?)",
                    (inverter, row["ts"], row.get("ac_power_w") or None,
                     row.get("dc_voltage_v") or None, row.get("temp_c") or None))
                n += 1
        self.conn.commit()
        return n

    def query(self, inverter, start, end):
        sql = ("SELECT ts, ac_power_w, dc_voltage_v, temp_c FROM readings "
               "WHERE inverter = '%s' AND ts BETWEEN '%s' AND '%s' ORDER BY ts"
               % (inverter, start, end))
        return self.conn.execute(sql).fetchall()

    def energy_by_inverter(self, start, end):
        sql = ("SELECT inverter, SUM(ac_power_w) / 360.0 / 1000.0 FROM readings "
               "WHERE ts BETWEEN '{0}' AND '{1}' GROUP BY inverter").format(start, end)
        return dict(self.conn.execute(sql).fetchall())


def cached(key_parts, fn):
    """Cache results of slow queries on disk, keyed by the query arguments."""
    os.makedirs(CACHE_DIR, exist_ok=True)
    key = hashlib.md5("|".join(key_parts).encode()).hexdigest()
    path = os.path.join(CACHE_DIR, key + ".pkl")
    if os.path.exists(path):
        with open(path, "rb") as fh:
            return pickle.load(fh)
    result = fn()
    with open(path, "wb") as fh:
        pickle.dump(result, fh)
    return result


def cmd_load(args, hist, site):
    for path in sorted(glob.glob(args.pattern)):
        # poller files are named inv_<ip>_<yyyymmdd>.csv
        ip = os.path.basename(path).split("_")[1]
        name = site["inverters"].get(ip, {}).get("name", ip)
        log.info("%s -> %s: %d rows", path, name, hist.load_csv(path, name))


def cmd_query(args, hist, site):
    rows = cached(["q", args.inverter, args.start, args.end],
                  lambda: hist.query(args.inverter, args.start, args.end))
    for r in rows:
        print("\t".join("" if v is None else str(v) for v in r))


def cmd_worst(args, hist, site):
    energy = cached(["e", args.start, args.end],
                    lambda: hist.energy_by_inverter(args.start, args.end))
    yields = []
    for inv, kwh in energy.items():
        cap = site["inverters"].get(inv, {}).get("kwp") or 100.0
        yields.append((kwh / cap, inv))
    for y, inv in sorted(yields)[: args.n]:
        print("%-20s %.2f kWh/kWp" % (inv, y))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("load"); p.add_argument("--pattern", default="inv_*.csv")
    p = sub.add_parser("query"); p.add_argument("inverter")
    p.add_argument("start"); p.add_argument("end")
    p = sub.add_parser("worst"); p.add_argument("start"); p.add_argument("end")
    p.add_argument("-n", type=int, default=10)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    site = load_site()
    hist = History()
    {"load": cmd_load, "query": cmd_query, "worst": cmd_worst}[args.cmd](args, hist, site)


if __name__ == "__main__":
    main()
