#!/usr/bin/env python3
"""Push phone orders taken in the shop into the web-order system.

Staff type phone orders into a CSV during the day; this posts each one to
the order API so it shows up on the delivery board. The API key comes from
the FLORIST_API_KEY environment variable and is only ever sent to the
order API itself.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request

log = logging.getLogger("orderpush")

API_BASE = os.environ.get("FLORIST_API_BASE", "https://api.example.com/v1")
RESULTS_FILE = "push_results.json"


class OrderAPI:
    def __init__(self, base, key, timeout=15):
        if not key:
            raise ValueError("FLORIST_API_KEY is not set")
        self.base = base.rstrip("/")
        self.key = key
        self.timeout = timeout

    def _post(self, path, payload):
        req = urllib.request.Request(
            self.base + path,
            data=json.dumps(payload).encode("utf-8"),
            method="POST",
            headers={
                "Authorization": f"Bearer {self.key}",
                "Content-Type": "application/json",
            },
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)

    def create_order(self, order, retries=3):
        delay = 2
        for attempt in range(1, retries + 1):
            try:
                return self._post("/orders", order)
            except urllib.error.HTTPError as exc:
                if exc.code < 500:
                    raise
                log.warning("server error %s, attempt %d", exc.code, attempt)
            except urllib.error.URLError as exc:
                log.warning("network error %s, attempt %d", exc.reason, attempt)
            time.sleep(delay)
            delay *= 2
        raise RuntimeError("giving up after %d attempts" % retries)


def read_orders(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield {
                "reference": row["ref"],
                "customer": {"name": row["name"], "phone": row["phone"]},
                "delivery": {"address": row["address"], "date": row["date"]},
                "items": [{"sku": s.strip(), "qty": 1}
                          for s in row["items"].split(";") if s.strip()],
                "message": row.get("card_message", ""),
                "channel": "phone",
            }


def save_results(results):
    with open(RESULTS_FILE, "w") as fh:
        json.dump(results, fh, indent=2)
    # contains customer phone numbers; keep it private to this account
    os.chmod(RESULTS_FILE, 0o600)


def main():
    ap = argparse.ArgumentParser(description="Push phone orders to the web shop")
    ap.add_argument("csv", help="phone orders CSV")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        api = OrderAPI(API_BASE, os.environ.get("FLORIST_API_KEY"))
    except ValueError as exc:
        log.error("%s", exc)
        return 2

    results = []
    for order in read_orders(args.csv):
        if args.dry_run:
            log.info("would push %s", order["reference"])
            continue
        try:
            created = api.create_order(order)
            results.append({"ref": order["reference"], "id": created.get("id"), "ok": True})
            log.info("pushed %s -> %s", order["reference"], created.get("id"))
        except (urllib.error.HTTPError, RuntimeError) as exc:
            results.append({"ref": order["reference"], "error": str(exc), "ok": False})
            log.error("failed %s: %s", order["reference"], exc)
    if results:
        save_results(results)
    return 0 if all(r["ok"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
