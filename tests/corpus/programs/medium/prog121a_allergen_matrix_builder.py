#!/usr/bin/env python3
"""Build the front-of-house allergen matrix for the sushi bar menu.

Reads recipes.json (dish -> list of ingredient names) and ingredients.csv
(ingredient, allergens separated by ';'), then applies the derived-column
rules from matrix_rules.ini so chefs can add things like "may contain
gluten via soy sauce" without touching code. Writes allergen_matrix.csv and
a printable HTML table.
"""

import argparse
import configparser
import csv
import html
import json
import logging
import sys
from pathlib import Path

log = logging.getLogger("allergen-matrix")

EU14 = [
    "celery", "gluten", "crustaceans", "eggs", "fish", "lupin", "milk",
    "molluscs", "mustard", "nuts", "peanuts", "sesame", "soya", "sulphites",
]


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


class RuleSet:
    """Derived columns defined as expressions over a dish's data."""

    def __init__(self, path: Path):
        self.rules = []
        if not path.exists():
            log.warning("no rules file at %s", path)
            return
        parser = configparser.ConfigParser()
        parser.optionxform = str
        parser.read(path, encoding="utf-8")
        for column, expr in parser.items("derived") if parser.has_section("derived") else []:
            code = compile(expr, f"<rule {column}>", "eval")
            self.rules.append((column, code))
        log.info("loaded %d derived rules", len(self.rules))

    @property
    def columns(self):
        return [c for c, _ in self.rules]

    def apply(self, dish, ingredients, allergens):
        scope = {"dish": dish, "ing": ingredients, "allergens": allergens,
                 "any": any, "all": all, "len": len}
        out = {}
        for column, code in self.rules:
            try:
                out[column] = bool(eval(code, {"__builtins__": {}}, scope))
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
    ap.add_argument("--rules", type=Path, default=Path("matrix_rules.ini"))
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

    rules = RuleSet(args.rules)
    rows = build_matrix(recipes, ingredients, rules)
    columns = EU14 + rules.columns
    write_csv(rows, columns, args.out)
    if args.html:
        write_html(rows, columns, args.out.with_suffix(".html"))
    log.info("wrote %d dishes to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
