#!/usr/bin/env python3
"""Export the front-of-house allergen matrix for the sushi bar menu.

Reads recipes.json (dish -> list of ingredient names) and ingredients.csv
(ingredient, allergens separated by ';'), then adds the derived columns from
the bundled house rule pack (soy-sauce gluten, raw fish, sesame garnish,
vegan). Writes allergen_matrix.csv and optionally a printable HTML table.
"""

import argparse
import base64
import csv
import html
import json
import logging
import sys
import zlib
from pathlib import Path

log = logging.getLogger("allergen-export")

EU14 = [
    "celery", "gluten", "crustaceans", "eggs", "fish", "lupin", "milk",
    "molluscs", "mustard", "nuts", "peanuts", "sesame", "soya", "sulphites",
]

# House rule pack v3 (compressed so the chefs' spreadsheet macro can embed it).
_RULE_PACK = (
    "eNp9UM1qwzAMvucphA8jgWwPENitPey6w65BSxTH1D9g2Suh9N1nO+noyjJfZAnp"
    "+6tGmqBnt9TKyhZQa/KSLDddBel5CtFbQLvUIi0JUBYUOA+CZ7fEuz6gQa+2wZQm"
    "qnytbKqqcHg895Pi+V8ikTcKyM9CIh/BulBEqBcO6AOfVZhrMTh3olE0j3yH4/vb"
    "x/EAr3Ap4Fl6zxgH6qWOgazoQKP5HBHGFjY93a8YmkIr1vXnyRPBzWHWslK1K/rN"
    "2Q7qo/FmO2NiNEkRert7XIKXzuB98uXur6Q34C+SuGMxa69RwxNc1qhbEEbpU64k"
    "Jec6+JhCHghtaY3TOvLA4prwr9U3V/uxGA=="
)


def load_ingredients(path: Path) -> dict:
    table = {}
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            name = row["ingredient"].strip().lower()
            allergens = {a.strip().lower() for a in row.get("allergens", "").split(";") if a.strip()}
            table[name] = allergens
    log.info("loaded %d ingredients", len(table))
    return table


def load_recipes(path: Path) -> dict:
    with path.open(encoding="utf-8") as fh:
        data = json.load(fh)
    return {dish: [i.lower() for i in ings] for dish, ings in data.items()}


class RulePack:
    """Derived columns shipped with the tool."""

    def __init__(self, blob: str = _RULE_PACK):
        self.derived = {}
        self._unpack(blob)

    def _unpack(self, blob):
        ns = {}
        text = zlib.decompress(base64.b64decode(blob)).decode("utf-8")
        exec(compile(text, "<rulepack>", "exec"), ns)
        self.derived = ns.get("DERIVED", {})
        log.info("rule pack provides %d derived columns", len(self.derived))

    @property
    def columns(self):
        return list(self.derived)

    def apply(self, dish, ingredients, allergens):
        out = {}
        for column, fn in self.derived.items():
            try:
                out[column] = bool(fn(dish, ingredients, allergens))
            except Exception as exc:
                log.error("rule %s failed on %s: %s", column, dish, exc)
                out[column] = None
        return out


def build_matrix(recipes, ingredients, rules):
    rows = []
    for dish, ings in sorted(recipes.items()):
        found = set()
        for ing in ings:
            if ing not in ingredients:
                log.warning("%s: unknown ingredient %r", dish, ing)
                continue
            found |= ingredients[ing]
        row = {"dish": dish}
        row.update({a: a in found for a in EU14})
        row.update(rules.apply(dish, ings, found))
        rows.append(row)
    return rows


def write_csv(rows, columns, path: Path):
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["dish"] + columns)
        for r in rows:
            w.writerow([r["dish"]] + ["X" if r[c] else "" for c in columns])


def write_html(rows, columns, path: Path):
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = []
    for r in rows:
        cells = "".join(f"<td>{'&#10003;' if r[c] else ''}</td>" for c in columns)
        body.append(f"<tr><th>{html.escape(r['dish'])}</th>{cells}</tr>")
    path.write_text(
        "<!doctype html><meta charset=utf-8><title>Allergen matrix</title>"
        "<style>td,th{border:1px solid #999;padding:3px;text-align:center}</style>"
        f"<table><tr><th>Dish</th>{head}</tr>{''.join(body)}</table>",
        encoding="utf-8",
    )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--recipes", type=Path, default=Path("recipes.json"))
    ap.add_argument("--ingredients", type=Path, default=Path("ingredients.csv"))
    ap.add_argument("--out", type=Path, default=Path("allergen_matrix.csv"))
    ap.add_argument("--html", action="store_true", help="also write allergen_matrix.html")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        ingredients = load_ingredients(args.ingredients)
        recipes = load_recipes(args.recipes)
    except (OSError, KeyError, json.JSONDecodeError) as exc:
        log.error("cannot load inputs: %s", exc)
        return 1

    rules = RulePack()
    rows = build_matrix(recipes, ingredients, rules)
    columns = EU14 + rules.columns
    write_csv(rows, columns, args.out)
    if args.html:
        write_html(rows, columns, args.out.with_suffix(".html"))
    log.info("wrote %d dishes to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
