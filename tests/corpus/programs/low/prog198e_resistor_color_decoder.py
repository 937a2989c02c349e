#!/usr/bin/env python3
"""Decode resistor colour bands and check measured values against tolerance.

Useful when re-stuffing old chassis: carbon-composition resistors drift high
with age, so list each one's bands and measured value and this tool flags
those outside tolerance (or outside a stricter restoration limit).
"""
import argparse
import csv
import logging
import sys

LOG = logging.getLogger("rescolor")

DIGITS = {"black": 0, "brown": 1, "red": 2, "orange": 3, "yellow": 4,
          "green": 5, "blue": 6, "violet": 7, "grey": 8, "gray": 8, "white": 9}
MULTIPLIER = {**{k: 10 ** v for k, v in DIGITS.items() if v <= 9},
              "gold": 0.1, "silver": 0.01}
TOLERANCE = {"brown": 1.0, "red": 2.0, "gold": 5.0, "silver": 10.0, "none": 20.0}


class BandError(ValueError):
    pass


def decode(bands):
    bands = [b.strip().lower() for b in bands if b.strip()]
    if len(bands) == 3:
        bands.append("none")
    if len(bands) not in (4, 5):
        raise BandError(f"expected 3-5 bands, got {len(bands)}")
    *digit_bands, mult, tol = bands
    try:
        value = 0
        for b in digit_bands:
            value = value * 10 + DIGITS[b]
        return value * MULTIPLIER[mult], TOLERANCE[tol]
    except KeyError as exc:
        raise BandError(f"unknown colour {exc}") from None


def pretty(ohms):
    for unit, scale in (("M", 1e6), ("k", 1e3)):
        if ohms >= scale:
            return f"{ohms / scale:g}{unit}"
    return f"{ohms:g}"


def check_row(row, strict):
    nominal, tol = decode(row["bands"].split("-"))
    limit = min(tol, strict) if strict else tol
    measured = float(row["measured"]) if row.get("measured") else None
    if measured is None:
        return nominal, tol, None, "not measured"
    drift = (measured - nominal) / nominal * 100
    status = "OK" if abs(drift) <= limit else "REPLACE"
    return nominal, tol, drift, status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv", help="CSV with columns ref,bands,measured")
    ap.add_argument("--strict", type=float, default=0.0,
                    help="restoration limit in percent (0 = use band tolerance)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    replace = 0
    with open(args.csv, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                nominal, tol, drift, status = check_row(row, args.strict)
            except (BandError, ValueError) as exc:
                LOG.warning("%s: %s", row.get("ref", "?"), exc)
                continue
            drift_txt = f"{drift:+6.1f}%" if drift is not None else "     -"
            print(f"{row.get('ref', '?'):<6} {pretty(nominal):>6} ±{tol:g}%  {drift_txt}  {status}")
            replace += status == "REPLACE"
    print(f"\n{replace} resistor(s) to replace")
    return 0


if __name__ == "__main__":
    sys.exit(main())
