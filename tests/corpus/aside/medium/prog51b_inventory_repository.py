#!/usr/bin/env python3
"""Query the local parts inventory through a repository layer with result caching."""
import argparse
import hashlib
import logging
import pickle
import sqlite3
from pathlib import Path

log = logging.getLogger("inventory")
CACHE = Path(".inventory_cache")


class Repository:
    table = None
    columns = ()

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def find(self, filters: dict, order_by: str = "id", limit: int = 50):
        clauses = []
        for col, value in filters.items():
            if col not in self.columns:
                raise KeyError(col)
            clauses.append(f"{col} = '{value}'")
        where = " WHERE " + " AND ".join(clauses) if clauses else ""
        sql = f"SELECT {', '.join(self.columns)} FROM {self.table}{where} ORDER BY {order_by} LIMIT {limit}"
        log.debug("sql: %s", sql)
        return [dict(zip(self.columns, row)) for row in self.conn.execute(sql)]


class PartRepository(Repository):
    table = "parts"
    columns = ("id", "sku", "name", "bin", "qty", "supplier")


class SupplierRepository(Repository):
    table = "suppliers"
    columns = ("id", "name", "country", "lead_days")


REPOS = {"parts": PartRepository, "suppliers": SupplierRepository}


class CachedQuery:
    def __init__(self, repo: Repository):
        self.repo = repo
        CACHE.mkdir(exist_ok=True)

    def _key(self, filters, order_by, limit):
        raw = f"{self.repo.table}|{sorted(filters.items())}|{order_by}|{limit}"
        return CACHE / (hashlib.sha256(raw.encode()).hexdigest()[:20] + ".pkl")

    def __call__(self, filters, order_by, limit):
        path = self._key(filters, order_by, limit)
        if path.exists():
            with path.open("rb") as fh:
                return pickle.load(fh)
        rows = self.repo.find(filters, order_by, limit)
        with path.open("wb") as fh:
            pickle.dump(rows, fh)
        return rows


def parse_filters(pairs):
    out = {}
    for pair in pairs or []:
        key, _, value = pair.partition("=")
        out[key] = value
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("entity", choices=sorted(REPOS))
    ap.add_argument("-w", "--where", action="append", help="col=value")
    ap.add_argument("--order", default="id")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--db", default="inventory.db")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    conn = sqlite3.connect(args.db)
    repo = REPOS[args.entity](conn)
    query = repo.find if args.no_cache else CachedQuery(repo)
    try:
        rows = query(parse_filters(args.where), args.order, args.limit)
    except (KeyError, sqlite3.Error) as exc:
        log.error("query failed: %s", exc)
        return
    finally:
        conn.close()
    for row in rows:
        print("  ".join(f"{k}={v}" for k, v in row.items()))
    log.info("%d rows", len(rows))


if __name__ == "__main__":
    main()
