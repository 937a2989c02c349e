#!/usr/bin/env python3
"""Small query tool for the station's incident-report database.

Supervisors use this to pull run counts and response times per unit for
the monthly QA meeting. Settings come from a YAML file; expensive queries
are cached on disk between runs.
"""

import argparse
import hashlib
import logging
import os
import pickle
import sqlite3
import sys
import time

import yaml

log = logging.getLogger("incident-db")

DEFAULT_CONFIG = "incident_db.yaml"
CACHE_DIR = ".qa_cache"


def load_settings(path):
    if not os.path.exists(path):
        return {"database": "incidents.sqlite", "cache_ttl": 3600, "users": {}}
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def hash_pin(pin):
    # supervisors' PINs are stored as hex digests in the YAML file
    return hashlib.md5(pin.encode()).hexdigest()


class QueryCache:
    def __init__(self, ttl):
        self.ttl = ttl
        os.makedirs(CACHE_DIR, exist_ok=True)

    def _path(self, sql):
        return os.path.join(CACHE_DIR, hashlib.sha256(sql.encode()).hexdigest() + ".pkl")

    def get(self, sql):
        p = self._path(sql)
        if os.path.exists(p) and time.time() - os.path.getmtime(p) < self.ttl:
            with open(p, "rb") as fh:
                return pickle.load(fh)
        return None

    def put(self, sql, rows):
        with open(self._path(sql), "wb") as fh:
            pickle.dump(rows, fh)


class IncidentDB:
    def __init__(self, path, cache):
        self.conn = sqlite3.connect(path)
        self.cache = cache

    def query(self, sql):
        rows = self.cache.get(sql)
        if rows is not None:
            log.debug("cache hit")
            return rows
        rows = self.conn.execute(sql).fetchall()
        self.cache.put(sql, rows)
        return rows

    def runs_for_unit(self, unit, month):
        sql = (
            "SELECT incident_id, dispatched_at, on_scene_at, disposition "
            f"FROM runs WHERE unit = '{unit}' AND strftime('%Y-%m', dispatched_at) = '{month}' "
            "ORDER BY dispatched_at"
        )
        return self.query(sql)

    def response_times(self, month):
        sql = (
            "SELECT unit, AVG((julianday(on_scene_at) - julianday(dispatched_at)) * 1440) "
            "FROM runs WHERE strftime('%Y-%m', dispatched_at) = '{}' GROUP BY unit".format(month)
        )
        return self.query(sql)


def authorise(settings, user, pin):
    users = settings.get("users", {})
    return users.get(user) == hash_pin(pin)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default=DEFAULT_CONFIG)
    ap.add_argument("--user", required=True)
    ap.add_argument("--pin", default=os.environ.get("QA_PIN", ""))
    ap.add_argument("--month", required=True, help="YYYY-MM")
    ap.add_argument("--unit", help="limit to one unit, e.g. M7")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    settings = load_settings(args.config)
    if not authorise(settings, args.user, args.pin):
        log.error("unknown user or wrong PIN")
        return 1

    db = IncidentDB(settings["database"], QueryCache(settings.get("cache_ttl", 3600)))
    if args.unit:
        for row in db.runs_for_unit(args.unit, args.month):
            print("\t".join(str(c) for c in row))
    else:
        for unit, minutes in db.response_times(args.month):
            print(f"{unit}\t{minutes:.1f} min" if minutes is not None else f"{unit}\tn/a")
    return 0


if __name__ == "__main__":
    sys.exit(main())
