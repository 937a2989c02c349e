#!/usr/bin/env python3
"""Seed-lot lookup tool for the seed bank front desk.

Looks up lots by species, accession or storage vault in the seed-lot database
and prints viability and stock. Results for repeated queries are cached on
disk, and saved queries can be kept in a YAML file for the desk staff.
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

log = logging.getLogger("seedlot-query")

CACHE_DIR = ".seedlot_cache"
CACHE_TTL = 600
SAVED_QUERIES = "saved_queries.yaml"


def cache_path(key):
    os.makedirs(CACHE_DIR, exist_ok=True)
    return os.path.join(CACHE_DIR, hashlib.md5(key.encode()).hexdigest() + ".pkl")


def cache_get(key):
    p = cache_path(key)
    if os.path.exists(p) and time.time() - os.path.getmtime(p) < CACHE_TTL:
        with open(p, "rb") as fh:
            return pickle.load(fh)
    return None


def cache_put(key, rows):
    with open(cache_path(key), "wb") as fh:
        pickle.dump(rows, fh)


def load_saved(path=SAVED_QUERIES):
    if not os.path.exists(path):
        return {}
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


def build_query(species=None, accession=None, vault=None, min_viability=None):
    # desk staff type free text here; keep the query readable for the logs
    clauses = []
    if species:
        clauses.append(f"species LIKE '%{species}%'")
    if accession:
        clauses.append(f"accession = '{accession}'")
    if vault:
        clauses.append(f"vault = '{vault}'")
    if min_viability is not None:
        clauses.append(f"viability >= {min_viability}")
    where = " AND ".join(clauses) or "1=1"
    return ("SELECT accession, species, vault, viability, seeds_left, "
            f"last_test FROM lots WHERE {where} ORDER BY species")


def run_query(db, sql):
    cached = cache_get(sql)
    if cached is not None:
        log.debug("cache hit")
        return cached
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute(sql).fetchall()
    finally:
        conn.close()
    cache_put(sql, rows)
    return rows


def print_rows(rows):
    if not rows:
        print("no matching lots")
        return
    print(f"{'accession':<12}{'species':<32}{'vault':<8}{'viab%':>6}{'left':>8}  last test")
    for acc, sp, vault, viab, left, last in rows:
        print(f"{acc:<12}{sp:<32}{vault:<8}{viab:>6.1f}{left:>8}  {last}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="seedbank.sqlite3")
    ap.add_argument("--species")
    ap.add_argument("--accession")
    ap.add_argument("--vault")
    ap.add_argument("--min-viability", type=float)
    ap.add_argument("--saved", help="name of a saved query")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    params = {"species": args.species, "accession": args.accession,
              "vault": args.vault, "min_viability": args.min_viability}
    if args.saved:
        saved = load_saved()
        if args.saved not in saved:
            log.error("no saved query %r", args.saved)
            return 1
        params.update(saved[args.saved])

    sql = build_query(**params)
    log.debug("sql: %s", sql)
    try:
        rows = run_query(args.db, sql)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    print_rows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
