#!/usr/bin/env python3
"""Submit a parts order from a bay tablet to the supplier ordering API.

Reads an order (JSON) from a file or from stdin, so the bay scripts can
pipe it in, e.g.:

    jq '.parts' job_1234.json | ORDER_BRANCH=BR-017 ./order_submit.py -

The API key comes from PARTS_API_KEY and is sent only to the ordering API.
"""
import argparse
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("order_submit")

API_URL = os.environ.get("ORDERS_API", "https://orders.example.com/api/v1/orders")


class OrderError(Exception):
    pass


def load_order(source):
    text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise OrderError(f"order is not valid JSON: {exc}") from exc
    lines = data if isinstance(data, list) else data.get("lines", [])
    clean = []
    for i, line in enumerate(lines, 1):
        sku = str(line.get("sku", "")).strip()
        qty = line.get("qty", 0)
        if not sku or not isinstance(qty, int) or qty <= 0:
            raise OrderError(f"line {i}: need sku and positive integer qty")
        clean.append({"sku": sku, "qty": qty, "note": str(line.get("note", ""))[:120]})
    if not clean:
        raise OrderError("order has no lines")
    return clean


def submit(lines, branch, job_ref, api_key, retries=3):
    body = json.dumps({"branch": branch, "job_ref": job_ref, "lines": lines}).encode()
    req = urllib.request.Request(
        API_URL, data=body, method="POST",
        headers={"Content-Type": "application/json",
                 "Authorization": f"Bearer {api_key}"})
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as exc:
            if 400 <= exc.code < 500:
                raise OrderError(f"rejected by API: {exc.code} {exc.reason}") from exc
            LOG.warning("server error %s (attempt %d)", exc.code, attempt)
        except urllib.error.URLError as exc:
            LOG.warning("network error %s (attempt %d)", exc.reason, attempt)
        time.sleep(2 * attempt)
    raise OrderError("gave up after retries")


def main():
    ap = argparse.ArgumentParser(description="Submit a parts order")
    ap.add_argument("order", help="order JSON file, or - for stdin")
    ap.add_argument("--branch", default=os.environ.get("ORDER_BRANCH", ""))
    ap.add_argument("--job", default=os.environ.get("JOB_REF", "walk-in"))
    ap.add_argument("--receipts", default="receipts")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("PARTS_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("PARTS_API_KEY is not set")
        return 2
    if not args.branch:
        LOG.error("branch code missing (--branch or ORDER_BRANCH)")
        return 2

    try:
        lines = load_order(args.order)
        LOG.info("%d line(s) for job %s", len(lines), args.job)
        if args.dry_run:
            print(json.dumps(lines, indent=2))
            return 0
        reply = submit(lines, args.branch, args.job, api_key)
    except (OrderError, OSError) as exc:
        LOG.error("%s", exc)
        return 1

    out_dir = Path(args.receipts)
    out_dir.mkdir(exist_ok=True)
    receipt = out_dir / f"{args.job}_{reply.get('order_id', int(time.time()))}.json"
    receipt.write_text(json.dumps(reply, indent=2))
    os.chmod(receipt, 0o600)
    LOG.info("order %s accepted, receipt %s", reply.get("order_id", "?"), receipt)
    return 0


if __name__ == "__main__":
    sys.exit(main())
