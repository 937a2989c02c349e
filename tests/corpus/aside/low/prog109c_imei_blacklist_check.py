#!/usr/bin/env python3
"""IMEI blacklist check for the front counter.

Looks up one or more IMEIs against the blacklist/carrier-lock service the
shop subscribes to and prints a short verdict the counter staff can read
out to the customer.  Results can be appended to a local CSV log.
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
from urllib.parse import urlencode

LOG = logging.getLogger("imei-check")

API_HOST = os.environ.get("IMEI_API_HOST", "api.imeicheckpro.example")


def luhn_ok(imei: str) -> bool:
    digits = [int(c) for c in imei if c.isdigit()]
    if len(digits) != 15:
        return False
    total = 0
    for idx, d in enumerate(reversed(digits)):
        if idx % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


class CounterLog:
    """Appends lookups to a CSV in the working directory."""

    FIELDS = ("ts", "imei", "model", "verdict")

    def __init__(self, path: Path):
        self.path = path

    def write(self, rows):
        new = not self.path.exists()
        with self.path.open("a", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=self.FIELDS)
            if new:
                writer.writeheader()
            for row in rows:
                writer.writerow(row)


def lookup(conn, api_key, imei):
    query = urlencode({"imei": imei, "fields": "blacklist,carrier,model"})
    conn.request("GET", f"/v2/check?{query}", headers={"X-Api-Key": api_key})
    resp = conn.getresponse()
    body = resp.read()
    if resp.status != 200:
        raise RuntimeError(f"lookup failed for {imei}: HTTP {resp.status}")
    return json.loads(body)


def verdict(result):
    if result.get("blacklisted"):
        return "BLACKLISTED - do not accept for trade-in"
    if result.get("carrier_locked"):
        return f"locked to {result.get('carrier', 'unknown carrier')}"
    return "clean"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("imei", nargs="+")
    parser.add_argument("--json", action="store_true", help="print raw results")
    parser.add_argument("--log", type=Path, default=Path("imei_counter_log.csv"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    api_key = os.environ.get("IMEI_API_KEY")
    if not api_key:
        LOG.error("IMEI_API_KEY is not set")
        return 2

    rows = []
    conn = http.client.HTTPSConnection(API_HOST, timeout=15)
    try:
        for imei in args.imei:
            imei = imei.strip().replace(" ", "")
            if not luhn_ok(imei):
                LOG.warning("%s fails the Luhn check, skipping", imei)
                continue
            try:
                res = lookup(conn, api_key, imei)
            except (RuntimeError, OSError, ValueError) as exc:
                LOG.error("%s", exc)
                continue
            text = verdict(res)
            rows.append({"ts": int(time.time()), "imei": imei,
                         "model": res.get("model", ""), "verdict": text})
            if args.json:
                print(json.dumps(res, indent=2))
            else:
                print(f"{imei}  {res.get('model', '?'):<24} {text}")
    finally:
        conn.close()

    if rows:
        CounterLog(args.log).write(rows)
        LOG.debug("appended %d rows to %s", len(rows), args.log)
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main())
