#!/usr/bin/env python3
"""Parts stock lookup for the repair bench.

Answers "do we have a screen for an A52s?" from the shop's SQLite parts
database.  The compatibility table is large and slow to rebuild, so the
model -> SKU index is kept in a cache file next to the database and only
rebuilt when the database changes.
"""

import argparse
import logging
import os
import pickle
import sqlite3
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("stock-lookup")


class CompatIndex:
    """Maps normalised phone model names to the SKUs that fit them."""

    def __init__(self, db_path: Path, cache_path: Path):
        self.db_path = db_path
        self.cache_path = cache_path
        self.by_model = {}

    @staticmethod
    def normalise(model: str) -> str:
        return "".join(ch for ch in model.lower() if ch.isalnum())

    def _stale(self) -> bool:
        if not self.cache_path.exists():
            return True
        return self.cache_path.stat().st_mtime < self.db_path.stat().st_mtime

    def _rebuild(self, conn):
        index = defaultdict(set)
        for sku, models in conn.execute("SELECT sku, compatible_models FROM parts"):
            for model in (models or "").split("|"):
                if model.strip():
                    index[self.normalise(model)].add(sku)
        self.by_model = {k: sorted(v) for k, v in index.items()}
        with self.cache_path.open("wb") as fh:
            pickle.dump(self.by_model, fh, protocol=pickle.HIGHEST_PROTOCOL)
        log.info("rebuilt compatibility index (%d models)", len(self.by_model))

    def load(self, conn):
        if self._stale():
            self._rebuild(conn)
            return
        with self.cache_path.open("rb") as fh:
            self.by_model = pickle.load(fh)
        log.debug("loaded cached index from %s", self.cache_path)

    def skus_for(self, model: str):
        return self.by_model.get(self.normalise(model), [])


def stock_rows(conn, skus, part_kind=None):
    if not skus:
        return []
    sku_list = ", ".join(f"'{s}'" for s in skus)
    query = f"SELECT sku, description, qty, bin, unit_cost FROM parts WHERE sku IN ({sku_list})"
    if part_kind:
        query += f" AND description LIKE '%{part_kind}%'"
    query += " ORDER BY qty DESC"
    return conn.execute(query).fetchall()


def free_text(conn, text):
    query = f"SELECT sku, description, qty, bin, unit_cost FROM parts WHERE description LIKE '%{text}%' LIMIT 50"
    return conn.execute(query).fetchall()


def print_rows(rows):
    if not rows:
        print("no matching parts in stock")
        return
    print(f"{'SKU':<14} {'Description':<40} {'Qty':>4} {'Bin':<6} {'Cost':>8}")
    for sku, desc, qty, bin_, cost in rows:
        flag = "" if qty > 0 else "  (out)"
        print(f"{sku:<14} {desc[:40]:<40} {qty:>4} {bin_ or '-':<6} {cost:>8.2f}{flag}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("query", help="phone model (e.g. 'Galaxy A52s') or free text with --text")
    ap.add_argument("-k", "--kind", help="part kind filter: screen, battery, port, camera ...")
    ap.add_argument("--text", action="store_true", help="search descriptions instead of models")
    ap.add_argument("--db", type=Path, default=Path(os.environ.get("PARTS_DB", "parts.db")))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    if not args.db.exists():
        log.error("parts database %s not found", args.db)
        return 2

    conn = sqlite3.connect(args.db)
    try:
        if args.text:
            print_rows(free_text(conn, args.query))
            return 0
        index = CompatIndex(args.db, args.db.with_suffix(".idx"))
        index.load(conn)
        skus = index.skus_for(args.query)
        if not skus:
            print(f"no parts listed as compatible with '{args.query}'")
            return 1
        print_rows(stock_rows(conn, skus, args.kind))
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
