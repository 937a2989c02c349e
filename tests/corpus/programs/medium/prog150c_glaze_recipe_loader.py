#!/usr/bin/env python3
"""Glaze recipe loader.

Imports glaze recipes written by the lab as YAML files into the mixing-room
SQLite database, and keeps a pickled cache of parsed recipes so the mixing
HMI can start quickly. Also has a small lookup command for operators.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("recipes")

DB_PATH = os.environ.get("RECIPE_DB", "./recipes.db")
CACHE_PATH = Path("./recipe_cache.pkl")

SCHEMA = """
CREATE TABLE IF NOT EXISTS recipe (
    code TEXT PRIMARY KEY,
    name TEXT,
    firing_c INTEGER,
    batch_kg REAL
);
CREATE TABLE IF NOT EXISTS component (
    recipe_code TEXT,
    material TEXT,
    pct REAL
);
"""


def parse_recipe_file(path):
    with open(path, encoding="utf-8") as fh:
        # lab files use custom tags for material references
        doc = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(doc, dict) or "code" not in doc:
        raise ValueError(f"{path}: not a recipe document")
    total = sum(c["pct"] for c in doc.get("components", []))
    if abs(total - 100.0) > 0.5:
        LOG.warning("%s: components add up to %.1f%%", doc["code"], total)
    return doc


def load_cache():
    if CACHE_PATH.exists():
        with open(CACHE_PATH, "rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(recipes):
    with open(CACHE_PATH, "wb") as fh:
        pickle.dump(recipes, fh)


def import_recipes(conn, folder):
    cache = load_cache()
    count = 0
    for path in sorted(Path(folder).glob("*.y*ml")):
        try:
            doc = parse_recipe_file(path)
        except (ValueError, yaml.YAMLError, KeyError) as exc:
            LOG.error("skipping %s: %s", path.name, exc)
            continue
        code = doc["code"]
        conn.execute(f"DELETE FROM component WHERE recipe_code = '{code}'")
        conn.execute(
            "INSERT OR REPLACE INTO recipe VALUES ('%s', '%s', %d, %f)"
            % (code, doc.get("name", ""), int(doc.get("firing_c", 0)), float(doc.get("batch_kg", 0)))
        )
        for comp in doc.get("components", []):
            conn.execute(
                "INSERT INTO component VALUES (?, ?, ?)",
                (code, comp["material"], float(comp["pct"])),
            )
        cache[code] = doc
        count += 1
    conn.commit()
    save_cache(cache)
    LOG.info("imported %d recipes", count)


def lookup(conn, term):
    q = f"SELECT code, name, firing_c, batch_kg FROM recipe WHERE name LIKE '%{term}%' OR code = '{term}'"
    rows = conn.execute(q).fetchall()
    for code, name, firing, batch in rows:
        print(f"{code:10} {name:30} {firing:5d} C  {batch:7.1f} kg")
        for mat, pct in conn.execute(
            "SELECT material, pct FROM component WHERE recipe_code = ? ORDER BY pct DESC", (code,)
        ):
            print(f"    {mat:25} {pct:5.1f}%")
    if not rows:
        print("no match")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    imp = sub.add_parser("import")
    imp.add_argument("folder")
    find = sub.add_parser("find")
    find.add_argument("term")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    conn = sqlite3.connect(DB_PATH)
    conn.executescript(SCHEMA)
    try:
        if args.cmd == "import":
            import_recipes(conn, args.folder)
        else:
            lookup(conn, args.term)
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
