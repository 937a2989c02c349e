#!/usr/bin/env python3
"""Send next season's stem order forecast to the wholesale supplier.

Reads the forecast spreadsheet export (CSV) prepared by the head florist,
totals stems per variety and week, and posts it to the supplier's forecast
API so they can reserve Dutch auction stock for our weddings.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
from collections import defaultdict
from pathlib import Path

import requests

log = logging.getLogger("forecast")

API_URL = os.environ.get("PV_SUPPLIER_API", "https://stock.wholesale.example.com/v2")
API_KEY = os.environ.get("PV_SUPPLIER_KEY")
ACCOUNT = os.environ.get("PV_SUPPLIER_ACCOUNT", "PV-00412")
CACHE_DIR = Path("./.forecast_cache")


def load_forecast(path: Path) -> dict:
    totals = defaultdict(int)
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                stems = int(row["stems"])
            except (KeyError, ValueError):
                log.warning("bad row: %r", row)
                continue
            totals[(row["week"], row["variety"].strip().lower())] += stems
    return totals


def build_payload(totals: dict) -> dict:
    lines = [{"week": w, "variety": v, "stems": n} for (w, v), n in sorted(totals.items())]
    return {"account": ACCOUNT, "lines": lines}


def already_sent(payload: dict) -> bool:
    digest = hashlib.md5(json.dumps(payload, sort_keys=True).encode()).hexdigest()
    marker = CACHE_DIR / f"{digest}.sent"
    if marker.exists():
        return True
    CACHE_DIR.mkdir(exist_ok=True)
    marker.touch()
    return False


def post_forecast(payload: dict) -> dict:
    resp = requests.post(
        f"{API_URL}/forecasts",
        json=payload,
        headers={"Authorization": f"Bearer {API_KEY}"},
        timeout=30,
    )
    resp.raise_for_status()
    return resp.json()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--force", action="store_true", help="send even if unchanged")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not API_KEY and not args.dry_run:
        log.error("PV_SUPPLIER_KEY is not set")
        return 1

    totals = load_forecast(args.csv)
    payload = build_payload(totals)
    log.info("%d forecast lines, %d stems total", len(payload["lines"]),
             sum(l["stems"] for l in payload["lines"]))

    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0
    if not args.force and already_sent(payload):
        log.info("identical forecast already sent, skipping")
        return 0

    result = post_forecast(payload)
    log.info("supplier reference: %s", result.get("reference", "?"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
