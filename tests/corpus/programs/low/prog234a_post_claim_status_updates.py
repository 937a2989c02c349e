#!/usr/bin/env python3
"""Push adjuster decisions from a CSV to the vet-portal claim status API.

Adjusters working offline record decisions in a spreadsheet; this posts each
decision to the portal so clinics see the updated claim status. The API key
is read from VETPORTAL_API_KEY and is only ever sent to the portal API.
"""
import argparse
import csv
import logging
import os
import sys
import time

import requests

LOG = logging.getLogger("status_push")
API_BASE = "https://api.vetportal.example.com/v1"
VALID_STATUSES = {"in_review", "approved", "denied", "paid", "needs_info"}


class PortalClient:
    def __init__(self, api_key, timeout=15.0, retries=3):
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
        })
        self.timeout = timeout
        self.retries = retries

    def update_status(self, claim_id, status, note):
        url = f"{API_BASE}/claims/{claim_id}/status"
        body = {"status": status, "note": note, "source": "adjuster-batch"}
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.post(url, json=body, timeout=self.timeout)
            except requests.RequestException as exc:
                LOG.warning("claim %s attempt %d: %s", claim_id, attempt, exc)
            else:
                if resp.status_code < 300:
                    return True
                if resp.status_code < 500:
                    LOG.error("claim %s rejected: HTTP %d %s", claim_id,
                              resp.status_code, resp.text[:200])
                    return False
                LOG.warning("claim %s attempt %d: HTTP %d", claim_id, attempt, resp.status_code)
            time.sleep(2 ** attempt)
        return False


def read_decisions(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for line_no, row in enumerate(csv.DictReader(fh), start=2):
            status = (row.get("status") or "").strip().lower()
            claim_id = (row.get("claim_id") or "").strip()
            if not claim_id or status not in VALID_STATUSES:
                LOG.warning("line %d: skipping invalid row %r", line_no, row)
                continue
            yield claim_id, status, (row.get("note") or "").strip()


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("decisions_csv")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--timeout", type=float, default=15.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    api_key = os.environ.get("VETPORTAL_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("VETPORTAL_API_KEY is not set")
        return 2
    client = PortalClient(api_key or "", timeout=args.timeout)
    ok = failed = 0
    try:
        for claim_id, status, note in read_decisions(args.decisions_csv):
            if args.dry_run:
                LOG.info("would set %s -> %s", claim_id, status)
                continue
            if client.update_status(claim_id, status, note):
                ok += 1
                LOG.debug("claim %s -> %s", claim_id, status)
            else:
                failed += 1
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read decisions: %s", exc)
        return 1
    LOG.info("%d updated, %d failed", ok, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
