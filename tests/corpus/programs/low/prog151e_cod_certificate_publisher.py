#!/usr/bin/env python3
"""Publish certificates of destruction to the client portal API.

Reads finished jobs from a CSV exported by the plant system, builds the
certificate records and posts them to the portal. The API key comes from
the environment and is only ever sent to the portal API. A local receipt
file keeps track of what has already been published.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import time

import requests

log = logging.getLogger("cod_publish")

API_BASE = os.environ.get("PORTAL_API", "https://portal.example.com/api/v2")
RECEIPTS = "published_receipts.json"


class PortalClient:
    def __init__(self, base, key, timeout=20):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}",
                                     "Content-Type": "application/json"})
        self.timeout = timeout

    def publish(self, cert):
        url = f"{self.base}/certificates"
        for attempt in range(3):
            try:
                r = self.session.post(url, json=cert, timeout=self.timeout)
                if r.status_code in (200, 201, 409):
                    return r.status_code
                log.warning("portal said %s: %s", r.status_code, r.text[:200])
            except requests.RequestException as exc:
                log.warning("attempt %d failed: %s", attempt + 1, exc)
            time.sleep(2 ** attempt)
        raise RuntimeError(f"could not publish {cert['cert_no']}")


def load_receipts():
    if os.path.exists(RECEIPTS):
        with open(RECEIPTS) as fh:
            return json.load(fh)
    return {}


def save_receipts(receipts):
    tmp = RECEIPTS + ".part"
    with open(tmp, "w") as fh:
        json.dump(receipts, fh, indent=2)
    os.chmod(tmp, 0o600)
    os.replace(tmp, RECEIPTS)


def build_certificate(row):
    fingerprint = hashlib.sha256(
        f"{row['job_id']}|{row['client_id']}|{row['weight_kg']}|{row['completed_at']}".encode()
    ).hexdigest()
    return {
        "cert_no": f"COD-{row['job_id']}",
        "client_id": row["client_id"],
        "weight_kg": float(row["weight_kg"]),
        "method": row.get("method", "cross-cut P-4"),
        "completed_at": row["completed_at"],
        "witness": row.get("witness") or None,
        "fingerprint": fingerprint,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("jobs_csv")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("PORTAL_API_KEY")
    if not key and not args.dry_run:
        log.error("PORTAL_API_KEY is not set")
        return 2

    receipts = load_receipts()
    client = PortalClient(API_BASE, key or "")
    published = 0
    with open(args.jobs_csv, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                cert = build_certificate(row)
            except (KeyError, ValueError) as exc:
                log.warning("bad job row %s: %s", row.get("job_id"), exc)
                continue
            if receipts.get(cert["cert_no"]) == cert["fingerprint"]:
                continue
            if args.dry_run:
                print(json.dumps(cert))
                continue
            try:
                client.publish(cert)
            except RuntimeError as exc:
                log.error("%s", exc)
                continue
            receipts[cert["cert_no"]] = cert["fingerprint"]
            published += 1
    if not args.dry_run:
        save_receipts(receipts)
    log.info("published %d certificates", published)
    return 0


if __name__ == "__main__":
    sys.exit(main())
