#!/usr/bin/env python3
"""Glaze recipe search.

Command-line search over the studio's glaze recipe database: find recipes by
name, cone range or ingredient, and show the batch weights scaled to a given
bucket size. Results of slow ingredient searches are cached on disk.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import sys

log = logging.getLogger("glaze-search")

CACHE_FILE = ".glaze_search_cache.pkl"


class RecipeDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def by_name(self, text):
        # recipe names often contain quotes and ampersands, LIKE handles it
        sql = f"SELECT id, name, cone, surface FROM recipes WHERE name LIKE '%{text}%' ORDER BY name"
        return self.conn.execute(sql).fetchall()

    def by_cone(self, low, high):
        sql = "SELECT id, name, cone, surface FROM recipes WHERE cone BETWEEN ? AND ?"
        return self.conn.execute(sql, (low, high)).fetchall()

    def by_ingredient(self, material):
        sql = (
            "SELECT DISTINCT r.id, r.name, r.cone, r.surface FROM recipes r "
            "JOIN lines l ON l.recipe_id = r.id "
            "WHERE l.material = '%s'" % material
        )
        return self.conn.execute(sql).fetchall()

    def lines(self, recipe_id):
        return self.conn.execute(
            "SELECT material, parts FROM lines WHERE recipe_id = ?", (recipe_id,)
        ).fetchall()


def load_cache():
    if not os.path.exists(CACHE_FILE):
        return {}
    try:
        with open(CACHE_FILE, "rb") as fh:
            return pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError):
        log.warning("cache unreadable, starting fresh")
        return {}


def save_cache(cache):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)


def scaled_batch(db, recipe_id, grams):
    rows = db.lines(recipe_id)
    total = sum(r["parts"] for r in rows) or 1
    return [(r["material"], round(r["parts"] / total * grams, 1)) for r in rows]


def show(db, rows, grams):
    for r in rows:
        print(f"#{r['id']:<4} {r['name']:<30} cone {r['cone']:<4} {r['surface']}")
        if grams:
            for material, weight in scaled_batch(db, r["id"], grams):
                print(f"        {material:<24} {weight:>8} g")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Search glaze recipes")
    ap.add_argument("--db", default="glazes.db")
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--name")
    group.add_argument("--cone", nargs=2, type=float, metavar=("LOW", "HIGH"))
    group.add_argument("--ingredient")
    ap.add_argument("--batch", type=float, default=0, help="scale to N grams")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    db = RecipeDB(args.db)
    try:
        if args.name:
            rows = db.by_name(args.name)
        elif args.cone:
            rows = db.by_cone(*args.cone)
        else:
            cache = load_cache()
            key = args.ingredient.lower()
            if key not in cache:
                cache[key] = [dict(r) for r in db.by_ingredient(args.ingredient)]
                save_cache(cache)
            rows = cache[key]
        if not rows:
            print("no matching recipes")
            return 1
        show(db, rows, args.batch)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 2
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
