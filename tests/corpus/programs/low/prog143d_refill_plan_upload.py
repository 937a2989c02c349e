#!/usr/bin/env python3
"""Upload tomorrow's refill plan to the route optimisation service.

Reads the planner's CSV export, checks it, and posts it as JSON to the
route service with the depot's API key. The raw CSV goes along base64-encoded
as an attachment so the service can keep the original for audit.
"""
import argparse
import base64
import csv
import io
import json
import logging
import os
import sys
import tempfile
from datetime import date, timedelta

import requests

log = logging.getLogger("refill-upload")

ROUTE_API = "https://routes.example.com/api/plans"
REQUIRED = ("route", "machine", "slot", "sku", "qty")


def read_plan(path):
    with open(path, newline="", encoding="utf-8") as fh:
        raw = fh.read()
    rows = list(csv.DictReader(io.StringIO(raw)))
    missing = [c for c in REQUIRED if rows and c not in rows[0]]
    if missing:
        raise ValueError("plan is missing columns: %s" % ", ".join(missing))
    return raw, rows


def validate(rows):
    problems = []
    for i, r in enumerate(rows, start=2):
        try:
            if int(r["qty"]) <= 0:
                problems.append("line %d: qty must be positive" % i)
        except ValueError:
            problems.append("line %d: qty is not a number" % i)
    return problems


def build_payload(raw, rows, plan_date):
    routes = {}
    for r in rows:
        routes.setdefault(r["route"], []).append(
            {"machine": r["machine"], "slot": r["slot"], "sku": r["sku"],
             "qty": int(r["qty"])})
    return {
        "date": plan_date.isoformat(),
        "routes": [{"id": k, "stops": v} for k, v in sorted(routes.items())],
        "attachment": {
            "filename": "plan-%s.csv" % plan_date.isoformat(),
            "content_b64": base64.b64encode(raw.encode("utf-8")).decode("ascii"),
        },
    }


def post_plan(payload, api_key):
    r = requests.post(ROUTE_API, json=payload,
                      headers={"X-Api-Key": api_key}, timeout=30)
    r.raise_for_status()
    return r.json()


def keep_receipt(receipt):
    # write the receipt atomically next to the plan so a crash leaves no half file
    fd, tmp = tempfile.mkstemp(prefix=".receipt-", dir=".")
    with os.fdopen(fd, "w") as fh:
        json.dump(receipt, fh, indent=2)
    os.replace(tmp, "last_upload_receipt.json")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("plan", help="planner CSV export")
    ap.add_argument("--date", help="plan date (default: tomorrow)")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    plan_date = date.fromisoformat(args.date) if args.date else date.today() + timedelta(days=1)
    try:
        raw, rows = read_plan(args.plan)
    except (OSError, ValueError) as exc:
        log.error("cannot read plan: %s", exc)
        return 1
    problems = validate(rows)
    if problems:
        for p in problems:
            log.error(p)
        return 1

    payload = build_payload(raw, rows, plan_date)
    if args.dry_run:
        print(json.dumps({k: v for k, v in payload.items() if k != "attachment"}, indent=2))
        return 0

    api_key = os.environ.get("ROUTE_API_KEY")
    if not api_key:
        log.error("ROUTE_API_KEY not set")
        return 1
    try:
        receipt = post_plan(payload, api_key)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 2
    keep_receipt(receipt)
    log.info("plan for %s uploaded: %d routes", plan_date, len(payload["routes"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
