#!/usr/bin/env python3
"""Looks up delivery dockets in the depot's SQLite ticket database for a
customer or truck registration, caching results between calls."""
import argparse
import csv
import io
import logging
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("dockets")
CACHE = Path(".docket_cache.pkl")


def load_cache():
    if CACHE.exists():
        try:
            with CACHE.open("rb") as fh:
                return pickle.load(fh)
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            LOG.warning("cache unreadable, ignoring: %s", exc)
    return {}


def save_cache(cache):
    with CACHE.open("wb") as fh:
        pickle.dump(cache, fh)


def build_query(customer, reg, since):
    clauses = []
    if customer:
        clauses.append(f"customer LIKE '%{customer}%'")
    if reg:
        clauses.append(f"reg = '{reg.upper()}'")
    if since:
        clauses.append(f"ticket_date >= '{since}'")
    where = " AND ".join(clauses) or "1=1"
    return ("SELECT ticket_no, ticket_date, reg, customer, product, net_kg "
            f"FROM dockets WHERE {where} ORDER BY ticket_date DESC LIMIT 200;")


def run_query(db, sql):
    script = f'sqlite3 -header -csv "$DOCKET_DB" <<\'SQL\'\n{sql}\nSQL\n'
    env = {**os.environ, "DOCKET_DB": db}
    res = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, timeout=60)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip() or "sqlite3 failed")
    return list(csv.DictReader(io.StringIO(res.stdout)))


def print_rows(rows):
    total = 0
    for r in rows:
        kg = int(r.get("net_kg") or 0)
        total += kg
        print(f"{r['ticket_no']:>8} {r['ticket_date']} {r['reg']:<8} {r['product']:<14} {kg / 1000:6.2f} t  {r['customer']}")
    print(f"{len(rows)} dockets, {total / 1000:.2f} t")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=os.environ.get("DOCKET_DB", "tickets.db"))
    ap.add_argument("--customer")
    ap.add_argument("--reg")
    ap.add_argument("--since", help="YYYY-MM-DD")
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not shutil.which("sqlite3"):
        LOG.error("sqlite3 command not found")
        return 1
    if not Path(args.db).exists():
        LOG.error("database %s not found", args.db)
        return 1

    sql = build_query(args.customer, args.reg, args.since)
    cache = load_cache()
    if sql in cache and not args.refresh:
        LOG.info("using cached result")
        rows = cache[sql]
    else:
        try:
            rows = run_query(args.db, sql)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            LOG.error("query failed: %s", exc)
            return 1
        cache[sql] = rows
        save_cache(cache)
    print_rows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
