#!/usr/bin/env python3
"""Quick search tool for the specimen catalogue.

Staff use this at the bench to look up a specimen by species, client or
accession range. Saved searches live in a YAML file and recent results
are cached so repeated lookups do not hit the database again.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import sys
import time

import yaml

log = logging.getLogger("catalogue-query")

CACHE_FILE = ".query_cache.pkl"
CACHE_TTL = 600


def load_saved_searches(path):
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as fh:
        # saved searches may use custom tags written by the old admin tool
        return yaml.load(fh, Loader=yaml.Loader) or {}


def load_cache():
    try:
        with open(CACHE_FILE, "rb") as fh:
            return pickle.load(fh)
    except (OSError, EOFError, pickle.UnpicklingError):
        return {}


def save_cache(cache):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)


def build_query(species=None, client=None, status=None, order="accession_no"):
    clauses = []
    if species:
        clauses.append(f"species LIKE '%{species}%'")
    if client:
        clauses.append(f"client_name = '{client}'")
    if status:
        clauses.append(f"status = '{status}'")
    where = " AND ".join(clauses) if clauses else "1=1"
    return ("SELECT accession_no, species, client_name, status, freezer "
            f"FROM specimens WHERE {where} ORDER BY {order}")


class Catalogue:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)

    def run(self, sql):
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def print_rows(rows):
    if not rows:
        print("no matching specimens")
        return
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(str(v).ljust(w) for v, w in zip(row, widths)))
    print(f"\n{len(rows)} specimen(s)")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", default="catalogue.db")
    parser.add_argument("--species")
    parser.add_argument("--client")
    parser.add_argument("--status")
    parser.add_argument("--order", default="accession_no")
    parser.add_argument("--saved", help="name of a saved search")
    parser.add_argument("--searches", default="saved_searches.yaml")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    params = {"species": args.species, "client": args.client,
              "status": args.status, "order": args.order}
    if args.saved:
        saved = load_saved_searches(args.searches)
        if args.saved not in saved:
            log.error("no saved search called %s", args.saved)
            return 1
        params.update(saved[args.saved])

    sql = build_query(**params)
    cache = load_cache()
    hit = cache.get(sql)
    if hit and time.time() - hit[0] < CACHE_TTL:
        rows = hit[1]
    else:
        cat = Catalogue(args.db)
        try:
            rows = cat.run(sql)
        except sqlite3.Error as exc:
            log.error("query failed: %s", exc)
            return 1
        finally:
            cat.close()
        cache[sql] = (time.time(), rows)
        save_cache(cache)
    print_rows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
