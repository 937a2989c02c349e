#!/usr/bin/env python3
"""Check import permit status for tomorrow's arriving animals.

Reads the arrivals list (CSV exported from the airline cargo manifest),
asks the permit service for each permit's status and records the outcome
back to the same service so the customs desk sees which permits the
kennels have already verified.
"""
import argparse
import csv
import logging
import os
import sys
import time

import requests

log = logging.getLogger("permit-check")

API_BASE = os.environ.get("PERMIT_API_BASE", "https://permits.example.com/api/v2")
TIMEOUT = (5, 20)
RETRIES = 3


class PermitClient:
    """Client for the permit service; the API key is only ever sent there."""

    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "kennel-permit-check/1.3",
        })

    def _request(self, method, path, **kw):
        url = f"{self.base}{path}"
        for attempt in range(1, RETRIES + 1):
            try:
                resp = self.session.request(method, url, timeout=TIMEOUT, **kw)
                if resp.status_code >= 500:
                    raise requests.HTTPError(f"server error {resp.status_code}")
                resp.raise_for_status()
                return resp.json() if resp.content else {}
            except requests.RequestException as exc:
                log.warning("%s %s failed (attempt %d): %s", method, path, attempt, exc)
                time.sleep(2 * attempt)
        raise RuntimeError(f"giving up on {method} {path}")

    def ping(self):
        resp = self.session.head(f"{self.base}/health", timeout=TIMEOUT)
        return resp.ok

    def status(self, permit_no):
        return self._request("GET", f"/permits/{permit_no}")

    def record_check(self, permit_no, result, note=""):
        body = {"permit": permit_no, "checked_by": "quarantine-kennels",
                "result": result, "note": note}
        return self._request("POST", "/checks", json=body)


def read_arrivals(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("permit_no"):
                yield row


def evaluate(permit, row):
    if permit.get("status") != "valid":
        return "reject", f"permit status {permit.get('status')}"
    if permit.get("species", "").lower() != row.get("species", "").lower():
        return "query", "species mismatch"
    if permit.get("microchip") and permit["microchip"] != row.get("microchip"):
        return "query", "microchip mismatch"
    return "ok", ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("arrivals", help="arrivals CSV")
    parser.add_argument("--no-record", action="store_true",
                        help="only read statuses, do not post results")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("PERMIT_API_KEY")
    if not api_key:
        log.error("PERMIT_API_KEY is not set")
        return 2
    client = PermitClient(API_BASE, api_key)
    if not client.ping():
        log.error("permit service not healthy")
        return 1

    summary = {"ok": 0, "query": 0, "reject": 0}
    for row in read_arrivals(args.arrivals):
        permit_no = row["permit_no"].strip()
        try:
            permit = client.status(permit_no)
        except RuntimeError as exc:
            log.error("%s: %s", permit_no, exc)
            continue
        result, note = evaluate(permit, row)
        summary[result] += 1
        print(f"{permit_no:<18} {row.get('animal_name', ''):<14} {result:<7} {note}")
        if not args.no_record:
            client.record_check(permit_no, result, note)

    log.info("summary: %s", summary)
    return 0 if summary["reject"] == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
