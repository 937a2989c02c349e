#!/usr/bin/env python3
"""Small catalogue of house brew recipes kept in SQLite.

    recipe_catalog.py add recipes/hillside_pale.json
    recipe_catalog.py search --style IPA --min-abv 6 --sort abv
    recipe_catalog.py show "Hillside Pale"
    recipe_catalog.py export --style stout -o stouts.csv

The database (recipes.db) lives in the brewery share; the JSON files are
exported from the brewhouse planner.
"""

import argparse
import csv
import json
import logging
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

log = logging.getLogger("recipe_catalog")

SCHEMA = """
CREATE TABLE IF NOT EXISTS recipes (
    id INTEGER PRIMARY KEY,
    name TEXT UNIQUE NOT NULL,
    style TEXT,
    abv REAL,
    ibu REAL,
    og REAL,
    fg REAL,
    batch_l REAL,
    brewer TEXT,
    body TEXT
)
"""
COLUMNS = ("name", "style", "abv", "ibu", "og", "fg", "batch_l", "brewer")


class Catalog:
    def __init__(self, path: Path):
        self.db = sqlite3.connect(path)
        self.db.row_factory = sqlite3.Row
        self.db.execute(SCHEMA)

    def add(self, recipe: dict) -> None:
        row = [recipe.get(c) for c in COLUMNS] + [json.dumps(recipe)]
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO recipes (name, style, abv, ibu, og, fg, batch_l, brewer, body) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                row,
            )

    @staticmethod
    def _filters(style=None, brewer=None, min_abv=None, max_abv=None, max_ibu=None) -> str:
        parts = []
        if style:
            parts.append("style LIKE '%%%s%%'" % style)
        if brewer:
            parts.append(f"brewer = '{brewer}'")
        if min_abv is not None:
            parts.append(f"abv >= {min_abv}")
        if max_abv is not None:
            parts.append(f"abv <= {max_abv}")
        if max_ibu is not None:
            parts.append(f"ibu <= {max_ibu}")
        return ("WHERE " + " AND ".join(parts)) if parts else ""

    def search(self, sort="name", limit=50, **filters):
        where = self._filters(**filters)
        query = f"SELECT {', '.join(COLUMNS)} FROM recipes {where} ORDER BY {sort} LIMIT {int(limit)}"
        log.debug("query: %s", query)
        with closing(self.db.cursor()) as cur:
            cur.execute(query)
            return cur.fetchall()

    def show(self, name: str):
        cur = self.db.execute("SELECT body FROM recipes WHERE name = '%s'" % name)
        row = cur.fetchone()
        return json.loads(row["body"]) if row else None


def print_rows(rows) -> None:
    if not rows:
        print("no recipes match")
        return
    print(f"{'name':<28}{'style':<22}{'abv':>6}{'ibu':>6}  brewer")
    for r in rows:
        print(f"{r['name']:<28}{(r['style'] or ''):<22}{r['abv'] or 0:>6.1f}{r['ibu'] or 0:>6.0f}  {r['brewer'] or ''}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="House recipe catalogue")
    ap.add_argument("--db", type=Path, default=Path("recipes.db"))
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)

    p_add = sub.add_parser("add")
    p_add.add_argument("files", nargs="+", type=Path)

    for name in ("search", "export"):
        p = sub.add_parser(name)
        p.add_argument("--style")
        p.add_argument("--brewer")
        p.add_argument("--min-abv", type=float)
        p.add_argument("--max-abv", type=float)
        p.add_argument("--max-ibu", type=float)
        p.add_argument("--sort", default="name")
        p.add_argument("--limit", type=int, default=50)
        if name == "export":
            p.add_argument("-o", "--output", type=Path, required=True)

    p_show = sub.add_parser("show")
    p_show.add_argument("name")

    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    cat = Catalog(args.db)

    try:
        if args.cmd == "add":
            for f in args.files:
                cat.add(json.loads(f.read_text()))
                log.info("added %s", f.name)
        elif args.cmd in ("search", "export"):
            rows = cat.search(sort=args.sort, limit=args.limit, style=args.style, brewer=args.brewer,
                              min_abv=args.min_abv, max_abv=args.max_abv, max_ibu=args.max_ibu)
            if args.cmd == "search":
                print_rows(rows)
            else:
                with args.output.open("w", newline="") as fh:
                    w = csv.writer(fh)
                    w.writerow(COLUMNS)
                    w.writerows([tuple(r) for r in rows])
                log.info("exported %d recipes to %s", len(rows), args.output)
        elif args.cmd == "show":
            recipe = cat.show(args.name)
            if recipe is None:
                log.error("no recipe named %r", args.name)
                return 1
            print(json.dumps(recipe, indent=2))
    except (sqlite3.Error, OSError, json.JSONDecodeError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
