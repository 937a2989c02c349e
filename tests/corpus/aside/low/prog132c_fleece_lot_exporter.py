#!/usr/bin/env python3
"""Export classed fleece lots to the wool broker's sale catalogue API.

Reads the classer's lot sheet (CSV from the shed tablet), validates each
lot against the broker's catalogue rules and submits the lots for the
next alpaca/fine-wool sale. The broker API key is read from
FLEECE_BROKER_KEY.
"""

import argparse
import csv
import http.client
import json
import logging
import os
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("fleece-export")

BROKER_URL = os.environ.get("FLEECE_BROKER_URL",
                            "https://api.fibrebroker.example.com/v2/catalogue/lots")
GRADES = {"ultrafine": (0, 17.5), "superfine": (17.5, 20.5),
          "fine": (20.5, 23.5), "medium": (23.5, 27.0), "strong": (27.0, 45.0)}
COLOURS = {"white", "light fawn", "fawn", "brown", "grey", "black", "mixed"}


class LotError(ValueError):
    pass


def grade_for(micron: float) -> str:
    for name, (lo, hi) in GRADES.items():
        if lo <= micron < hi:
            return name
    raise LotError(f"micron {micron} outside catalogue range")


def parse_lot(row: dict) -> dict:
    try:
        micron = float(row["micron"])
        weight = float(row["net_kg"])
    except (KeyError, ValueError) as exc:
        raise LotError(f"missing or bad number: {exc}") from None
    colour = row.get("colour", "").strip().lower()
    if colour not in COLOURS:
        raise LotError(f"unknown colour {colour!r}")
    if weight <= 0:
        raise LotError("net weight must be positive")
    return {
        "lot": row["lot"].strip(),
        "bales": int(row.get("bales", 1) or 1),
        "species": row.get("species", "alpaca").strip().lower(),
        "micron": micron,
        "grade": grade_for(micron),
        "net_kg": weight,
        "colour": colour,
        "vm_pct": float(row.get("vm_pct", 0) or 0),
        "reserve_per_kg": float(row.get("reserve", 0) or 0) or None,
    }


class BrokerClient:
    def __init__(self, url: str, api_key: str, timeout: float = 30):
        parts = urlsplit(url)
        self.host, self.path = parts.netloc, parts.path
        self.api_key = api_key
        self.timeout = timeout

    def submit(self, payload: dict, attempts: int = 3) -> dict:
        body = json.dumps(payload).encode()
        headers = {"Content-Type": "application/json",
                   "Authorization": f"Bearer {self.api_key}"}
        for attempt in range(1, attempts + 1):
            conn = http.client.HTTPSConnection(self.host, timeout=self.timeout)
            try:
                conn.request("POST", self.path, body=body, headers=headers)
                resp = conn.getresponse()
                data = resp.read()
                if resp.status < 300:
                    return json.loads(data or b"{}")
                if resp.status < 500:
                    raise RuntimeError(f"broker rejected lots: {resp.status} {data[:200]!r}")
                log.warning("broker returned %s, attempt %d", resp.status, attempt)
            except (OSError, http.client.HTTPException) as exc:
                log.warning("submit failed (%s), attempt %d", exc, attempt)
            finally:
                conn.close()
            time.sleep(2 ** attempt)
        raise RuntimeError("broker unavailable after retries")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("lot_sheet", type=Path)
    ap.add_argument("--sale", required=True, help="sale number, e.g. A24-07")
    ap.add_argument("--clip", default="", help="grower clip brand")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    lots, bad = [], 0
    with args.lot_sheet.open(newline="") as fh:
        for n, row in enumerate(csv.DictReader(fh), 2):
            try:
                lots.append(parse_lot(row))
            except LotError as exc:
                bad += 1
                log.error("line %d: %s", n, exc)
    if bad:
        log.error("%d lots failed validation, nothing submitted", bad)
        return 1

    payload = {"sale": args.sale, "clip_brand": args.clip, "lots": lots}
    log.info("%d lots, %.1f kg total", len(lots), sum(l["net_kg"] for l in lots))
    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0

    key = os.environ.get("FLEECE_BROKER_KEY")
    if not key:
        log.error("FLEECE_BROKER_KEY is not set")
        return 2
    receipt = BrokerClient(BROKER_URL, key).submit(payload)
    out = Path(f"receipt_{args.sale}.json")
    out.write_text(json.dumps(receipt, indent=2))
    log.info("submitted; catalogue ref %s (receipt in %s)",
             receipt.get("catalogue_ref", "?"), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
