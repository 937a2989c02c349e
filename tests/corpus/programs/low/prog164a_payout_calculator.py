#!/usr/bin/env python3
"""Work out returns for settled slips.

Handles singles, doubles, trebles and each-way bets with fractional odds,
and writes a returns sheet the cashier can check against the till.
"""
import argparse
import csv
import logging
import sys
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction
from itertools import combinations
from pathlib import Path

log = logging.getLogger("payouts")

PLACE_TERMS = {"1/4": Fraction(1, 4), "1/5": Fraction(1, 5)}


def parse_odds(text):
    text = text.strip().lower()
    if text in ("evs", "evens"):
        return Fraction(1, 1)
    num, den = text.split("/")
    return Fraction(int(num), int(den))


def leg_return(stake, odds, result, each_way=False, terms=Fraction(1, 4)):
    """Return for one leg; stake is per part when each_way is set."""
    win_part = Fraction(0)
    place_part = Fraction(0)
    if result == "won":
        win_part = stake * (odds + 1)
    elif result == "void":
        win_part = stake
    if each_way:
        if result in ("won", "placed"):
            place_part = stake * (odds * terms + 1)
        elif result == "void":
            place_part = stake
    return win_part + place_part


def accumulator_return(stake, legs):
    total = Fraction(stake)
    for odds, result in legs:
        if result == "lost":
            return Fraction(0)
        if result == "won":
            total *= odds + 1
    return total


def to_money(value):
    return Decimal(value.numerator) / Decimal(value.denominator)


def settle_row(row):
    stake = Fraction(row["stake"])
    bet_type = row["bet_type"].lower()
    odds_list = [parse_odds(o) for o in row["odds"].split(";")]
    results = [r.strip().lower() for r in row["results"].split(";")]
    if bet_type in ("single", "each_way"):
        terms = PLACE_TERMS.get(row.get("place_terms", "1/4"), Fraction(1, 4))
        return leg_return(stake, odds_list[0], results[0], bet_type == "each_way", terms)
    if bet_type in ("double", "treble", "acca"):
        return accumulator_return(stake, list(zip(odds_list, results)))
    if bet_type == "trixie":
        legs = list(zip(odds_list, results))
        total = Fraction(0)
        for size in (2, 3):
            for combo in combinations(legs, size):
                total += accumulator_return(stake, combo)
        return total
    raise ValueError("unsupported bet type: " + bet_type)


def main():
    parser = argparse.ArgumentParser(description="Calculate slip returns")
    parser.add_argument("slips", type=Path)
    parser.add_argument("-o", "--output", type=Path, default=Path("returns.csv"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    total_paid = Decimal("0")
    errors = 0
    with open(args.slips, newline="") as src, open(args.output, "w", newline="") as dst:
        reader = csv.DictReader(src)
        writer = csv.writer(dst)
        writer.writerow(["slip_id", "bet_type", "stake", "returns"])
        for row in reader:
            try:
                value = to_money(settle_row(row)).quantize(Decimal("0.01"), rounding=ROUND_DOWN)
            except (KeyError, ValueError, ZeroDivisionError) as exc:
                log.warning("slip %s skipped: %s", row.get("slip_id", "?"), exc)
                errors += 1
                continue
            writer.writerow([row["slip_id"], row["bet_type"], row["stake"], value])
            total_paid += value
    log.info("total returns %s, %d slips skipped", total_paid, errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
