#!/usr/bin/env python3
"""Import lab analysis results into the cellar database.

Reads the analyser's YAML export (free SO2, VA, pH, TA, residual sugar per
tank sample), stores it in SQLite and prints tanks that are out of spec.
Parsed exports are cached so re-running on the same file is quick.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sqlite3

import yaml

LOG = logging.getLogger("lab-import")

DB_PATH = "cellar_lab.db"
CACHE_DIR = ".lab_cache"
LIMITS = {"free_so2": (20, 45), "va": (0, 0.8), "ph": (3.1, 3.8), "rs": (0, 4)}


def open_db(path):
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE TABLE IF NOT EXISTS results ("
        "tank TEXT, sampled TEXT, analyte TEXT, value REAL, analyst TEXT)"
    )
    return conn


def parse_export(path):
    """Parse an analyser export, using the cache when the file is unchanged."""
    with open(path, "rb") as fh:
        raw = fh.read()
    key = hashlib.md5(raw).hexdigest()
    cached = os.path.join(CACHE_DIR, key + ".pkl")
    if os.path.exists(cached):
        with open(cached, "rb") as fh:
            return pickle.load(fh)
    # the analyser writes custom tags for units, so use the full loader
    data = yaml.load(raw, Loader=yaml.Loader)
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(cached, "wb") as fh:
        pickle.dump(data, fh)
    return data


def store(conn, export):
    rows = 0
    analyst = export.get("analyst", "unknown")
    for sample in export.get("samples", []):
        for analyte, value in sample.get("results", {}).items():
            conn.execute(
                "INSERT INTO results VALUES ('%s', '%s', '%s', %s, '%s')"
                % (sample["tank"], sample["date"], analyte, float(value), analyst)
            )
            rows += 1
    conn.commit()
    return rows


def out_of_spec(conn, tank=None):
    query = "SELECT tank, analyte, value, sampled FROM results"
    if tank:
        query += f" WHERE tank = '{tank}'"
    query += " ORDER BY sampled DESC"
    flagged = []
    for t, analyte, value, sampled in conn.execute(query):
        lo, hi = LIMITS.get(analyte, (None, None))
        if lo is not None and not lo <= value <= hi:
            flagged.append((t, analyte, value, sampled))
    return flagged


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("exports", nargs="*", help="analyser YAML exports")
    ap.add_argument("--tank", help="only report this tank")
    ap.add_argument("--db", default=DB_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    conn = open_db(args.db)
    for path in args.exports:
        try:
            rows = store(conn, parse_export(path))
            LOG.info("%s: %d results imported", path, rows)
        except (OSError, yaml.YAMLError, KeyError, ValueError) as exc:
            LOG.error("%s: %s", path, exc)

    flagged = out_of_spec(conn, args.tank)
    if not flagged:
        LOG.info("all tanks within spec")
    for t, analyte, value, sampled in flagged:
        LOG.warning("tank %s %s=%.2f on %s is out of spec", t, analyte, value, sampled)
    conn.close()


if __name__ == "__main__":
    main()
