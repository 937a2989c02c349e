#!/usr/bin/env python3
"""Client for the breed registry API.

Checks entered dogs against the registry (registered name, breed,
eligibility for championship classes) and files the show's award
results back to the registry after the show.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time

import requests

log = logging.getLogger("registry_client")

API_BASE = "https://api.breedregistry.example/v1"


class RegistryClient:
    def __init__(self, api_key, base=API_BASE, timeout=20):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "dogshow-secretary/1.4",
        })

    def _get(self, path, **params):
        for attempt in range(3):
            resp = self.session.get(f"{self.base}{path}", params=params, timeout=self.timeout)
            if resp.status_code == 429:
                time.sleep(2 ** attempt)
                continue
            resp.raise_for_status()
            return resp.json()
        raise RuntimeError("registry rate limit not clearing")

    def dog(self, registration_no):
        return self._get(f"/dogs/{registration_no}")

    def eligibility(self, registration_no, show_level):
        return self._get(f"/dogs/{registration_no}/eligibility", level=show_level)

    def submit_awards(self, show_id, awards):
        resp = self.session.post(f"{self.base}/shows/{show_id}/awards",
                                 json={"awards": awards}, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def check_entries(client, entries_csv, level):
    problems = []
    with open(entries_csv, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            reg = row["registration_no"]
            try:
                record = client.dog(reg)
                elig = client.eligibility(reg, level)
            except requests.HTTPError as exc:
                problems.append((reg, f"lookup failed: {exc.response.status_code}"))
                continue
            if record.get("breed", "").lower() != row["breed"].lower():
                problems.append((reg, f"breed mismatch: registry says {record.get('breed')}"))
            if not elig.get("eligible", False):
                problems.append((reg, elig.get("reason", "not eligible")))
    return problems


def main():
    parser = argparse.ArgumentParser(description="Breed registry checks and award filing")
    sub = parser.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("check")
    c.add_argument("entries_csv")
    c.add_argument("--level", default="championship")
    s = sub.add_parser("submit")
    s.add_argument("show_id")
    s.add_argument("awards_json")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("BREED_REGISTRY_API_KEY")
    if not api_key:
        print("BREED_REGISTRY_API_KEY is not set", file=sys.stderr)
        return 2
    client = RegistryClient(api_key)

    if args.cmd == "check":
        problems = check_entries(client, args.entries_csv, args.level)
        for reg, msg in problems:
            print(f"{reg}\t{msg}")
        log.info("%d problems found", len(problems))
    else:
        with open(args.awards_json, encoding="utf-8") as fh:
            awards = json.load(fh)
        result = client.submit_awards(args.show_id, awards)
        log.info("registry accepted %s awards", result.get("accepted", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
