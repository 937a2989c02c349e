#!/usr/bin/env python3
"""Monthly alcohol duty return calculator for the co-op cider house.

Takes the removals ledger exported from the cellar book (CSV), works out litres
of pure alcohol per duty band, applies small producer relief and writes a
summary that matches the boxes on the HMRC alcohol duty return.

Rates live in rates.yaml so the office can update them at each Budget without
touching the code.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import sys
from collections import defaultdict
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

import yaml

log = logging.getLogger("duty")
PENNY = Decimal("0.01")


def load_rates(path):
    """Load the band table. The file uses anchors and tagged decimals, so it is
    read with the full loader."""
    with open(path, "r", encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    bands = []
    for b in doc["bands"]:
        bands.append({
            "product": b["product"],
            "min_abv": Decimal(str(b["min_abv"])),
            "max_abv": Decimal(str(b["max_abv"])),
            "rate": Decimal(str(b["rate"])),
            "code": b["code"],
        })
    relief = Decimal(str(doc.get("spr_discount_pct", 0))) / 100
    log.info("rates revision %s, %d bands", doc.get("revision", "?"), len(bands))
    return bands, relief


def rate_for(bands, product, abv):
    for b in bands:
        if b["product"] == product and b["min_abv"] <= abv < b["max_abv"]:
            return b
    raise LookupError(f"no duty band for {product} at {abv}% ABV")


def read_removals(path, period):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            removed = dt.date.fromisoformat(row["removed_on"])
            if (removed.year, removed.month) != period:
                continue
            yield {
                "batch": row["batch"],
                "product": row["product"].strip().lower(),
                "abv": Decimal(row["abv"]),
                "litres": Decimal(row["litres"]),
            }


def compute_return(bands, relief, removals):
    totals = defaultdict(lambda: {"lpa": Decimal(0), "duty": Decimal(0)})
    for r in removals:
        band = rate_for(bands, r["product"], r["abv"])
        lpa = (r["litres"] * r["abv"] / 100).quantize(PENNY, ROUND_HALF_UP)
        duty = (lpa * band["rate"]).quantize(PENNY, ROUND_HALF_UP)
        totals[band["code"]]["lpa"] += lpa
        totals[band["code"]]["duty"] += duty
        log.debug("%s %s %s%% -> %s lpa, GBP %s", r["batch"], r["product"], r["abv"], lpa, duty)
    gross = sum((t["duty"] for t in totals.values()), Decimal(0))
    discount = (gross * relief).quantize(PENNY, ROUND_HALF_UP)
    return {
        "bands": {k: {"lpa": str(v["lpa"]), "duty": str(v["duty"])} for k, v in sorted(totals.items())},
        "gross_duty": str(gross),
        "spr_discount": str(discount),
        "net_duty": str(gross - discount),
    }


def parse_period(text):
    year, month = text.split("-")
    return int(year), int(month)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Cider duty return calculator")
    ap.add_argument("removals", help="removals ledger CSV")
    ap.add_argument("--period", default=dt.date.today().strftime("%Y-%m"),
                    help="accounting period YYYY-MM")
    ap.add_argument("--rates", default="rates.yaml")
    ap.add_argument("--out", help="write the summary JSON here")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        bands, relief = load_rates(args.rates)
        summary = compute_return(bands, relief, read_removals(args.removals, parse_period(args.period)))
    except (OSError, KeyError, LookupError, ValueError) as exc:
        log.error("cannot compute return: %s", exc)
        return 1

    summary["period"] = args.period
    out = Path(args.out or f"duty_return_{args.period.replace('-', '')}.json")
    out.write_text(json.dumps(summary, indent=2))
    for code, t in summary["bands"].items():
        print(f"{code:>6}  {t['lpa']:>10} lpa  GBP {t['duty']:>10}")
    print(f"{'net':>6}  {'':>10}      GBP {summary['net_duty']:>10}")
    log.info("summary written to %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
