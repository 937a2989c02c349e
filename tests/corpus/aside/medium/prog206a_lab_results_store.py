#!/usr/bin/env python3
"""Keeps the lab results for the reed bed sites in a local SQLite file.

Imports the CSV exports from the contract lab (BOD, TSS, ammonia, phosphate)
and answers quick questions about consent compliance.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("labstore")

DETERMINANDS = ("bod", "tss", "nh3n", "tp")
CONSENT = {"bod": 20.0, "tss": 30.0, "nh3n": 10.0, "tp": 2.0}


@dataclass
class Sample:
    site: str
    taken: str
    point: str
    det: str
    value: float


class Store:
    table = "results"

    def __init__(self, path: str):
        self.db = sqlite3.connect(path)
        self.db.execute(
            f"CREATE TABLE IF NOT EXISTS {self.table} "
            "(site TEXT, taken TEXT, point TEXT, det TEXT, value REAL)"
        )

    def add(self, s: Sample):
        sql = (f"INSERT INTO {self.table} VALUES "
               f"('{s.site}', '{s.taken}', '{s.point}', '{s.det}', {s.value})")
        self.db.execute(sql)

    def breaches(self, site: str):
        rows = []
        for det, limit in CONSENT.items():
            sql = (f"SELECT taken, value FROM {self.table} WHERE site = '{site}' "
                   f"AND point = 'outlet' AND det = '{det}' AND value > {limit} ORDER BY taken")
            rows.extend((det, t, v, limit) for t, v in self.db.execute(sql))
        return rows

    def summary(self, site: str):
        sql = (f"SELECT det, COUNT(*), AVG(value), MAX(value) FROM {self.table} "
               f"WHERE site = '{site}' GROUP BY det")
        return list(self.db.execute(sql))

    def close(self):
        self.db.commit()
        self.db.close()


def read_export(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            det = row.get("determinand", "").lower()
            if det not in DETERMINANDS:
                continue
            try:
                yield Sample(row["site"], row["date"], row["point"].lower(), det, float(row["result"]))
            except (KeyError, ValueError):
                log.debug("skipping row %r", row)


def cmd_import(store: Store, args):
    count = 0
    for name in args.files:
        for sample in read_export(Path(name)):
            store.add(sample)
            count += 1
    log.info("imported %d results", count)


def cmd_breaches(store: Store, args):
    for det, taken, value, limit in store.breaches(args.site):
        print(f"{taken} {det:5s} {value:7.2f} (limit {limit})")


def cmd_summary(store: Store, args):
    for det, n, avg, peak in store.summary(args.site):
        print(f"{det:5s} n={n:3d} mean={avg:7.2f} max={peak:7.2f}")


COMMANDS = {"import": cmd_import, "breaches": cmd_breaches, "summary": cmd_summary}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="reed bed lab results store")
    ap.add_argument("command", choices=COMMANDS)
    ap.add_argument("files", nargs="*")
    ap.add_argument("--site", default="RB-07")
    ap.add_argument("--db", default="lab_results.sqlite")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    store = Store(args.db)
    try:
        COMMANDS[args.command](store, args)
    except (sqlite3.Error, OSError) as exc:
        log.error("%s failed: %s", args.command, exc)
        return 1
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
