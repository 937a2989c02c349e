#!/usr/bin/env python3
"""Push influencer discount-code totals to the partner dashboard API.

Reads the nightly redemption export (CSV) produced by the storefront,
aggregates redemptions per influencer code and uploads the totals so
creators can see their commission. Authenticates with PARTNER_API_KEY.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import socket
import sys
import time
from collections import defaultdict
from datetime import datetime, timezone
from urllib.parse import urlparse

LOG = logging.getLogger("code_report")

DEFAULT_ENDPOINT = os.environ.get(
    "PARTNER_API_URL", "https://partners.glowcrate.example/v2/redemptions"
)
COMMISSION_RATE = float(os.environ.get("INFLUENCER_COMMISSION", "0.12"))


class RunContext:
    """Small amount of metadata so the dashboard can tell uploads apart."""

    fields = ("hostname", "tool_version")

    def __init__(self):
        self.hostname = socket.gethostname()
        self.tool_version = "1.4.2"

    def as_dict(self):
        return {name: getattr(self, name) for name in self.fields}


def load_redemptions(path):
    totals = defaultdict(lambda: {"orders": 0, "revenue": 0.0})
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            code = (row.get("discount_code") or "").strip().upper()
            if not code:
                continue
            try:
                amount = float(row.get("order_total", 0))
            except ValueError:
                LOG.warning("bad order_total %r on order %s", row.get("order_total"), row.get("order_id"))
                continue
            totals[code]["orders"] += 1
            totals[code]["revenue"] += amount
    return totals


def build_payload(totals, ctx):
    rows = [
        {
            "code": code,
            "orders": agg["orders"],
            "revenue": round(agg["revenue"], 2),
            "commission": round(agg["revenue"] * COMMISSION_RATE, 2),
        }
        for code, agg in sorted(totals.items())
    ]
    return {
        "generated_at": datetime.now(timezone.utc).isoformat(),
        "codes": rows,
        "context": ctx.as_dict(),
    }


def post_json(url, payload, api_key, retries=3):
    parsed = urlparse(url)
    body = json.dumps(payload).encode("utf-8")
    headers = {
        "Content-Type": "application/json",
        "Authorization": f"Bearer {api_key}",
        "User-Agent": "glowcrate-code-report/1.4",
    }
    for attempt in range(1, retries + 1):
        conn = http.client.HTTPSConnection(parsed.netloc, timeout=20)
        try:
            conn.request("POST", parsed.path or "/", body=body, headers=headers)
            resp = conn.getresponse()
            resp.read()
            if resp.status < 300:
                LOG.info("dashboard accepted upload (%s)", resp.status)
                return True
            if resp.status in (401, 403):
                LOG.error("dashboard rejected credentials (%s)", resp.status)
                return False
            LOG.warning("dashboard returned %s on attempt %d", resp.status, attempt)
        except (OSError, http.client.HTTPException) as exc:
            LOG.warning("upload attempt %d failed: %s", attempt, exc)
        finally:
            conn.close()
        time.sleep(2 ** attempt)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", help="redemption export CSV from the storefront")
    ap.add_argument("--endpoint", default=DEFAULT_ENDPOINT)
    ap.add_argument("--dry-run", action="store_true", help="print payload instead of uploading")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(args.export):
        LOG.error("export %s not found", args.export)
        return 2

    totals = load_redemptions(args.export)
    LOG.info("aggregated %d influencer codes", len(totals))
    payload = build_payload(totals, RunContext())

    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0

    api_key = os.environ.get("PARTNER_API_KEY")
    if not api_key:
        LOG.error("PARTNER_API_KEY is not set")
        return 2

    return 0 if post_json(args.endpoint, payload, api_key) else 1


if __name__ == "__main__":
    sys.exit(main())
