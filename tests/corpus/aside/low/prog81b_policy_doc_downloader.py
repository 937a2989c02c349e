#!/usr/bin/env python3
"""Fetch policy declarations and endorsements for a list of claims.

Adjusters need the declarations page, endorsements and the coverage summary
in hand before an inspection.  This tool reads claim numbers from a CSV,
downloads the documents from the carrier's policy portal into a local cache
and writes a short index of what was fetched.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("policy_download")

PORTAL = os.environ.get("POLICY_PORTAL_URL", "https://policy.example-insurer.com/api/v1")
CACHE = Path(os.environ.get("POLICY_CACHE", ".policy_cache"))


class PolicyClient:
    def __init__(self, base, token):
        self.base = base.rstrip("/")
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {token}"

    def reachable(self):
        try:
            return self.http.head(f"{self.base}/status", timeout=10).ok
        except requests.RequestException:
            return False

    def documents(self, claim_no):
        r = self.http.get(f"{self.base}/claims/{claim_no}/policy/documents", timeout=30)
        r.raise_for_status()
        return r.json().get("documents", [])

    def download(self, doc, dest):
        key = hashlib.md5(doc["url"].encode()).hexdigest()
        target = dest / f"{key}_{doc['name']}"
        if target.exists():
            return target
        with self.http.get(doc["url"], stream=True, timeout=60) as r:
            r.raise_for_status()
            with open(target, "wb") as fh:
                for chunk in r.iter_content(1 << 16):
                    fh.write(chunk)
        return target


def read_claims(path):
    with open(path, newline="") as fh:
        return [row["claim_no"].strip() for row in csv.DictReader(fh) if row.get("claim_no")]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("claims_csv")
    ap.add_argument("--portal", default=PORTAL)
    ap.add_argument("--index", default="policy_index.json")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("POLICY_PORTAL_TOKEN")
    if not token:
        log.error("POLICY_PORTAL_TOKEN not set")
        return 2

    client = PolicyClient(args.portal, token)
    if not client.reachable():
        log.error("policy portal %s is not reachable", args.portal)
        return 1

    index, failures = {}, 0
    for claim_no in read_claims(args.claims_csv):
        dest = CACHE / claim_no
        dest.mkdir(parents=True, exist_ok=True)
        try:
            docs = client.documents(claim_no)
            for doc in docs:
                path = client.download(doc, dest)
                index.setdefault(claim_no, []).append(
                    {"type": doc.get("type", "?"), "file": str(path)})
                log.info("%-12s %-28s %s", claim_no, doc.get("type", "?"), path.name)
        except requests.RequestException as exc:
            log.error("%s: %s", claim_no, exc)
            failures += 1

    with open(args.index, "w") as fh:
        json.dump(index, fh, indent=2)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
