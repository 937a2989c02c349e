#!/usr/bin/env python3
"""Build and submit the monthly alcohol duty return.

Reads the packaging ledger (every run of casks, kegs, cans and bottles that
left bond in the period), converts volumes to litres of pure alcohol, groups
them into duty bands and submits the return to the duty filing gateway.

    duty_return_submit.py 2024-05 --ledger packaging_ledger.csv
    duty_return_submit.py 2024-05 --dry-run

The gateway key is read from DUTY_API_KEY.
"""

import argparse
import csv
import json
import logging
import os
import sys
from collections import defaultdict
from datetime import date
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

import requests

log = logging.getLogger("duty")

GATEWAY = os.environ.get("DUTY_GATEWAY", "https://api.dutyfile.example.org/v1")
DEFAULT_RATES = Path("duty_rates.json")

# band code -> (lower abv inclusive, upper abv exclusive, product group)
BANDS = [
    ("311", Decimal("1.3"), Decimal("3.5"), "beer"),
    ("321", Decimal("3.5"), Decimal("8.5"), "beer"),
    ("341", Decimal("8.5"), Decimal("22.0"), "beer"),
    ("313", Decimal("1.3"), Decimal("3.5"), "spirits"),
    ("323", Decimal("3.5"), Decimal("8.5"), "spirits"),
    ("343", Decimal("8.5"), Decimal("22.0"), "spirits"),
    ("345", Decimal("22.0"), Decimal("100.0"), "spirits"),
]


def band_for(group, abv):
    for code, lo, hi, grp in BANDS:
        if grp == group and lo <= abv < hi:
            return code
    raise ValueError(f"no duty band for {group} at {abv}% ABV")


def load_rates(path):
    with open(path) as fh:
        raw = json.load(fh)
    return {code: Decimal(str(rate)) for code, rate in raw["rates_per_lpa"].items()}


def read_ledger(path, period):
    year, month = (int(p) for p in period.split("-"))
    with open(path, newline="") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                when = date.fromisoformat(row["released"])
            except (KeyError, ValueError):
                log.warning("line %d: bad release date, skipped", lineno)
                continue
            if (when.year, when.month) != (year, month):
                continue
            yield lineno, row


def build_return(ledger, period, rates):
    lpa_by_band = defaultdict(Decimal)
    for lineno, row in read_ledger(ledger, period):
        try:
            volume = Decimal(row["volume_litres"])
            abv = Decimal(row["abv"])
            group = row.get("group", "beer").strip().lower()
            code = band_for(group, abv)
        except (ValueError, ArithmeticError) as exc:
            log.warning("line %d: %s", lineno, exc)
            continue
        lpa_by_band[code] += volume * abv / Decimal(100)

    lines, total = [], Decimal(0)
    for code in sorted(lpa_by_band):
        lpa = lpa_by_band[code].quantize(Decimal("0.01"), ROUND_HALF_UP)
        duty = (lpa * rates[code]).quantize(Decimal("0.01"), ROUND_HALF_UP)
        total += duty
        lines.append({"band": code, "lpa": str(lpa), "rate": str(rates[code]), "duty": str(duty)})
    return {"period": period, "lines": lines, "total_duty": str(total)}


def submit(payload, api_key, timeout=30):
    resp = requests.post(
        f"{GATEWAY}/returns",
        json=payload,
        headers={"Authorization": f"Bearer {api_key}", "User-Agent": "duty-return-submit/1.4"},
        timeout=timeout,
    )
    if resp.status_code >= 400:
        raise RuntimeError(f"gateway rejected return: {resp.status_code} {resp.text[:200]}")
    return resp.json()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build and submit the monthly alcohol duty return")
    ap.add_argument("period", help="return period, YYYY-MM")
    ap.add_argument("--ledger", type=Path, default=Path("packaging_ledger.csv"))
    ap.add_argument("--rates", type=Path, default=DEFAULT_RATES)
    ap.add_argument("--brewery-ref", default=os.environ.get("DUTY_REF", ""))
    ap.add_argument("--dry-run", action="store_true", help="build and save only")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        rates = load_rates(args.rates)
        ret = build_return(args.ledger, args.period, rates)
    except (OSError, KeyError, ValueError) as exc:
        log.error("could not build return: %s", exc)
        return 1
    ret["reference"] = args.brewery_ref

    out = Path(f"duty_return_{args.period}.json")
    out.write_text(json.dumps(ret, indent=2))
    log.info("return for %s: %d bands, total duty %s (saved to %s)",
             args.period, len(ret["lines"]), ret["total_duty"], out)

    if args.dry_run:
        return 0
    api_key = os.environ.get("DUTY_API_KEY")
    if not api_key:
        log.error("DUTY_API_KEY is not set")
        return 1
    try:
        receipt = submit(ret, api_key)
    except (requests.RequestException, RuntimeError) as exc:
        log.error("submission failed: %s", exc)
        return 1
    Path(f"duty_receipt_{args.period}.json").write_text(json.dumps(receipt, indent=2))
    log.info("accepted, receipt %s", receipt.get("receipt_id"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
