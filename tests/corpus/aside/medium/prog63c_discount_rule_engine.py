#!/usr/bin/env python3
"""Apply cart discount rules maintained by the merchandising team.

Rules live in ./rules/discounts.ini; each rule has a condition and an
amount expression written in a small Python-like syntax, e.g.

    [summer_bundle]
    when = cart_total > 100 and "SUMMER" in coupons
    amount = cart_total * 0.1
"""
import argparse
import configparser
import json
import logging
import math
import sys
from pathlib import Path

log = logging.getLogger("discounts")

SAFE_BUILTINS = {"min": min, "max": max, "round": round, "len": len, "sum": sum, "abs": abs}


class Rule:
    def __init__(self, name: str, when: str, amount: str, priority: int, stackable: bool):
        self.name = name
        self.when = when
        self.amount = amount
        self.priority = priority
        self.stackable = stackable

    def evaluate(self, ctx: dict):
        scope = {"__builtins__": SAFE_BUILTINS, "math": math}
        scope.update(ctx)
        if not eval(self.when, scope):
            return None
        value = float(eval(self.amount, scope))
        return round(max(value, 0.0), 2)


def load_rules(path: Path) -> list:
    cfg = configparser.ConfigParser(interpolation=None)
    if not cfg.read(path):
        raise FileNotFoundError(path)
    rules = []
    for name in cfg.sections():
        sec = cfg[name]
        rules.append(Rule(
            name,
            sec.get("when", "False"),
            sec.get("amount", "0"),
            sec.getint("priority", 100),
            sec.getboolean("stackable", False),
        ))
    rules.sort(key=lambda r: r.priority)
    return rules


def cart_context(cart: dict) -> dict:
    lines = cart.get("lines", [])
    return {
        "cart_total": sum(l["price"] * l["qty"] for l in lines),
        "item_count": sum(l["qty"] for l in lines),
        "skus": [l["sku"] for l in lines],
        "coupons": [c.upper() for c in cart.get("coupons", [])],
        "customer_tier": cart.get("customer_tier", "standard"),
    }


def apply_rules(rules: list, cart: dict) -> dict:
    ctx = cart_context(cart)
    applied, total_discount = [], 0.0
    for rule in rules:
        try:
            amount = rule.evaluate(ctx)
        except Exception as exc:  # a broken rule must not break checkout
            log.warning("rule %s failed: %s", rule.name, exc)
            continue
        if amount is None:
            continue
        if applied and not rule.stackable:
            continue
        applied.append({"rule": rule.name, "amount": amount})
        total_discount += amount
    total_discount = min(total_discount, ctx["cart_total"])
    return {"cart_total": ctx["cart_total"], "discount": round(total_discount, 2), "applied": applied}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cart", type=Path, help="cart JSON exported from the shop")
    ap.add_argument("--rules", type=Path, default=Path("rules/discounts.ini"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    try:
        rules = load_rules(args.rules)
        cart = json.loads(args.cart.read_text())
    except (OSError, ValueError) as exc:
        log.error("input error: %s", exc)
        return 1
    print(json.dumps(apply_rules(rules, cart), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
