#!/usr/bin/env python3
"""Build a customer quote for tree work from a site survey file.

The survey (JSON) lists each tree with species, height, trunk diameter,
requested work (fell, reduce, crown lift, stump grind) and hazards such as
overhead lines or nearby structures.  Prices come from pricing_rules.ini,
which the office edits each season: each kind of work has a formula written
in terms of height_m, dbh_cm and the hazard multiplier.

    quote_calculator.py survey.json -o quote_1042.html
"""
import argparse
import configparser
import json
import logging
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

VAT_RATE = 0.20
DEFAULT_RULES = """
[formulas]
fell = height_m * 38 * hazard
reduce = height_m * 22 * hazard
crown_lift = height_m * 14 * hazard
stump_grind = max(45, dbh_cm * 2.4)

[hazards]
power_line = 1.6
structure = 1.3
road = 1.15
"""

log = logging.getLogger("quote")


@dataclass
class LineItem:
    description: str
    amount: float


@dataclass
class Quote:
    customer: str
    site: str
    items: list = field(default_factory=list)

    @property
    def subtotal(self):
        return round(sum(i.amount for i in self.items), 2)

    @property
    def vat(self):
        return round(self.subtotal * VAT_RATE, 2)

    @property
    def total(self):
        return round(self.subtotal + self.vat, 2)


class FormulaRules:
    """Pricing formulas read from an INI file."""

    helpers = {"max": max, "min": min, "round": round, "ceil": math.ceil}

    def __init__(self, path):
        self.cfg = configparser.ConfigParser()
        self.cfg.read_string(DEFAULT_RULES)
        if path and Path(path).exists():
            self.cfg.read(path)
            log.info("pricing rules loaded from %s", path)
        else:
            log.warning("no %s, using built-in prices", path)

    def hazard_multiplier(self, tree):
        mult = 1.0
        for hazard in tree.get("hazards", []):
            mult *= self.cfg.getfloat("hazards", hazard, fallback=1.0)
        return mult

    def price_tree(self, tree):
        expr = self.cfg.get("formulas", tree["work"], fallback="height_m * 20 * hazard")
        scope = {"height_m": float(tree.get("height_m", 0)),
                 "dbh_cm": float(tree.get("dbh_cm", 0)),
                 "hazard": self.hazard_multiplier(tree)}
        return eval(expr, {"__builtins__": {}, **self.helpers}, scope)


def build_quote(survey, rules):
    quote = Quote(customer=survey["customer"], site=survey["site"])
    for tree in survey["trees"]:
        amount = round(rules.price_tree(tree), 2)
        desc = f"{tree['work'].replace('_', ' ').title()} - {tree['species']} ({tree['height_m']} m)"
        quote.items.append(LineItem(desc, amount))
    days = survey.get("estimated_days", 1)
    if survey.get("chipper_required", True):
        quote.items.append(LineItem("Chipper and arisings removal", 145.0 * days))
    if survey.get("traffic_management"):
        quote.items.append(LineItem("Traffic management", 260.0 * days))
    return quote


def render(quote, template_dir, out_path):
    env = Environment(loader=FileSystemLoader(template_dir),
                      autoescape=select_autoescape(["html"]))
    html = env.get_template("quote.html.j2").render(q=quote)
    Path(out_path).write_text(html, encoding="utf-8")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build a tree work quote")
    ap.add_argument("survey", help="site survey JSON")
    ap.add_argument("-o", "--output", default=None)
    ap.add_argument("-t", "--templates", default="templates")
    ap.add_argument("-r", "--rules", default="pricing_rules.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        survey = json.loads(Path(args.survey).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read survey: %s", exc)
        return 2

    rules = FormulaRules(args.rules)
    try:
        quote = build_quote(survey, rules)
    except (KeyError, SyntaxError, NameError, TypeError) as exc:
        log.error("pricing failed: %s", exc)
        return 1

    out = args.output or f"quote_{Path(args.survey).stem}.html"
    render(quote, args.templates, out)
    log.info("quote for %s: subtotal %.2f, total %.2f -> %s",
             quote.customer, quote.subtotal, quote.total, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
