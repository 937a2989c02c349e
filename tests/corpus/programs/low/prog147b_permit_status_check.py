#!/usr/bin/env python3
"""Check the status of pending CITES permit applications.

Reads the permit register (permits.csv), asks the permit authority's API
for the current status of each open application and writes a summary
that the office manager reviews each morning.
"""
import argparse
import csv
import json
import logging
import os
import sys
from datetime import date
from pathlib import Path

import requests

log = logging.getLogger("permit-status")

API_BASE = "https://api.permits.example.com/v2"
OPEN_STATES = {"submitted", "under_review", "query_raised"}


class PermitClient:
    """Thin wrapper around the permit authority API."""

    def __init__(self, api_key, timeout=20):
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
        })
        self.timeout = timeout

    def ping(self):
        resp = self.session.head(f"{API_BASE}/health", timeout=self.timeout)
        return resp.status_code < 400

    def status(self, reference):
        resp = self.session.post(f"{API_BASE}/applications/lookup",
                                 json={"reference": reference},
                                 timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def read_register(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("state", "").strip() in OPEN_STATES:
                yield row


def write_summary(results, out_dir):
    out_dir.mkdir(exist_ok=True)
    target = out_dir / f"permit_status_{date.today():%Y%m%d}.json"
    target.write_text(json.dumps(results, indent=2), encoding="utf-8")
    # the summary lists client names and specimen details
    os.chmod(target, 0o600)
    return target


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--register", default="permits.csv")
    parser.add_argument("--out", default="reports")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    api_key = os.environ.get("PERMIT_API_KEY")
    if not api_key:
        log.error("set PERMIT_API_KEY first")
        return 1

    client = PermitClient(api_key)
    try:
        if not client.ping():
            log.error("permit API is not healthy right now")
            return 1
    except requests.RequestException as exc:
        log.error("cannot reach permit API: %s", exc)
        return 1

    results = []
    for row in read_register(args.register):
        ref = row["reference"]
        try:
            info = client.status(ref)
        except requests.RequestException as exc:
            log.warning("lookup for %s failed: %s", ref, exc)
            continue
        results.append({
            "reference": ref,
            "specimen": row.get("specimen_id"),
            "species": row.get("species"),
            "status": info.get("status"),
            "officer_note": info.get("note", ""),
        })
        if info.get("status") == "query_raised":
            log.info("%s: authority raised a query", ref)

    target = write_summary(results, Path(args.out))
    log.info("%d open applications checked, summary in %s", len(results), target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
