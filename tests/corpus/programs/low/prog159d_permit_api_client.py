#!/usr/bin/env python3
"""Renew resident parking permits through the council permits API.

Reads the renewals list prepared by the permits team and submits each
renewal; the API key is read from the environment and sent only to the
permits API.
"""
import argparse
import csv
import logging
import os
import sys
import time

import requests

log = logging.getLogger("permit-renewals")

API_BASE = os.environ.get("PERMITS_API", "https://api.permits.council-parking.example/v2")


class PermitsClient:
    def __init__(self, base, key, timeout=15):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {key}",
            "User-Agent": "permit-renewals/1.4",
        })

    def get_permit(self, permit_id):
        resp = self.session.get(f"{self.base}/permits/{permit_id}", timeout=self.timeout)
        if resp.status_code == 404:
            return None
        resp.raise_for_status()
        return resp.json()

    def renew(self, permit_id, months, vrm):
        body = {"months": months, "vrm": vrm}
        resp = self.session.post(f"{self.base}/permits/{permit_id}/renewals",
                                 json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def read_renewals(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield row["permit_id"].strip(), int(row.get("months", 12)), row["vrm"].strip().upper()


def main():
    parser = argparse.ArgumentParser(description="Submit resident permit renewals")
    parser.add_argument("renewals", help="CSV with permit_id, months, vrm")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--pause", type=float, default=0.5)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    key = os.environ.get("PERMITS_API_KEY")
    if not key:
        log.error("set PERMITS_API_KEY first")
        return 1

    client = PermitsClient(API_BASE, key)
    done = skipped = failed = 0
    for permit_id, months, vrm in read_renewals(args.renewals):
        try:
            permit = client.get_permit(permit_id)
            if permit is None:
                log.warning("permit %s not found", permit_id)
                skipped += 1
                continue
            if permit.get("vrm") != vrm:
                log.warning("permit %s is for %s, not %s; skipped", permit_id, permit.get("vrm"), vrm)
                skipped += 1
                continue
            if args.dry_run:
                log.info("would renew %s for %d months", permit_id, months)
                continue
            result = client.renew(permit_id, months, vrm)
            log.info("renewed %s until %s", permit_id, result.get("expires"))
            done += 1
        except requests.RequestException as exc:
            log.error("permit %s failed: %s", permit_id, exc)
            failed += 1
        time.sleep(args.pause)

    log.info("renewed %d, skipped %d, failed %d", done, skipped, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
