#!/usr/bin/env python3
"""Split the quarterly water bill between plot rows at Birchwood Allotments.

Downloads daily consumption for each sub-meter from the water company's
business portal API, caches the responses in ./cache so re-runs don't hammer
the portal, and writes a per-plot charge sheet the treasurer can paste into
the rent invoices.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import requests

log = logging.getLogger("water-split")

PORTAL = os.environ.get("WATER_PORTAL_URL", "https://business.aquaflow-water.example/api/v1")
CACHE = Path("cache")


def cache_key(url, params):
    raw = url + "?" + "&".join(f"{k}={params[k]}" for k in sorted(params))
    return hashlib.md5(raw.encode()).hexdigest()


def get_json(url, params, refresh=False):
    CACHE.mkdir(exist_ok=True)
    path = CACHE / f"{cache_key(url, params)}.json"
    if path.exists() and not refresh:
        return json.loads(path.read_text())
    resp = requests.get(url, params=params, timeout=20)
    resp.raise_for_status()
    path.write_text(resp.text)
    return resp.json()


def meter_usage(account, meter, start, end, refresh):
    url = f"{PORTAL}/accounts/{account}/meters/{meter}/daily"
    data = get_json(url, {"from": start, "to": end}, refresh)
    return sum(Decimal(str(d["m3"])) for d in data.get("days", []))


def load_plots(path):
    """plots.csv: plot,holder,meter,area_m2"""
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def split(plots, usage, bill_total):
    by_meter = {}
    for p in plots:
        by_meter.setdefault(p["meter"], []).append(p)
    grand = sum(usage.values()) or Decimal(1)
    rows = []
    for meter, members in by_meter.items():
        meter_share = bill_total * usage.get(meter, Decimal(0)) / grand
        area = sum(Decimal(p["area_m2"]) for p in members) or Decimal(1)
        for p in members:
            charge = (meter_share * Decimal(p["area_m2"]) / area).quantize(Decimal("0.01"), ROUND_HALF_UP)
            rows.append({"plot": p["plot"], "holder": p["holder"], "meter": meter, "charge_gbp": charge})
    return sorted(rows, key=lambda r: r["plot"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--account", required=True)
    ap.add_argument("--from", dest="start", required=True, help="YYYY-MM-DD")
    ap.add_argument("--to", dest="end", required=True, help="YYYY-MM-DD")
    ap.add_argument("--bill", required=True, type=Decimal, help="bill total in pounds")
    ap.add_argument("--plots", default="plots.csv")
    ap.add_argument("--out", default="water_charges.csv")
    ap.add_argument("--refresh", action="store_true", help="ignore cached responses")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE.exists():
        for f in CACHE.glob("*.json"):
            f.unlink()
        log.info("cache cleared")

    plots = load_plots(args.plots)
    usage = {}
    for meter in sorted({p["meter"] for p in plots}):
        try:
            usage[meter] = meter_usage(args.account, meter, args.start, args.end, args.refresh)
            log.info("meter %s used %s m3", meter, usage[meter])
        except (requests.RequestException, KeyError, ValueError) as exc:
            log.error("meter %s: %s", meter, exc)
            return 1

    rows = split(plots, usage, args.bill)
    with open(args.out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["plot", "holder", "meter", "charge_gbp"])
        w.writeheader()
        w.writerows(rows)
    os.chmod(args.out, 0o600)
    log.info("wrote %d charges to %s (total £%s)", len(rows), args.out, sum(r["charge_gbp"] for r in rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
