#!/usr/bin/env python3
"""Submit the day's dental insurance claims to the clearinghouse API.

Reads the claims CSV exported by the practice management system, groups
lines by claim, validates procedure codes, and posts each claim as JSON.
A receipt file with the clearinghouse reference numbers is written next to
the export, readable only by the billing account.
"""
import argparse
import csv
import json
import logging
import os
import re
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import requests

log = logging.getLogger("claims-export")

API_BASE = "https://api.example.com/v2"
CDT_CODE = re.compile(r"^D\d{4}$")   # CDT procedure codes look like D0120


class ClearinghouseClient:
    def __init__(self, base: str, api_key: str, timeout: int = 30):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        })
        self.timeout = timeout

    def submit(self, claim: dict) -> str:
        r = self.session.post(f"{self.base}/claims", data=json.dumps(claim),
                              timeout=self.timeout)
        r.raise_for_status()
        return r.json().get("reference", "")


def load_claims(path: Path):
    claims = defaultdict(lambda: {"lines": []})
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            cid = row["claim_id"]
            c = claims[cid]
            c.update({
                "claim_id": cid,
                "member_id": row["member_id"],
                "payer_id": row["payer_id"],
                "provider_npi": row["provider_npi"],
                "date_of_service": row["dos"],
            })
            c["lines"].append({
                "code": row["cdt_code"].strip().upper(),
                "tooth": row.get("tooth", "").strip() or None,
                "surface": row.get("surface", "").strip() or None,
                "fee": round(float(row["fee"]), 2),
            })
    return list(claims.values())


def validate(claim: dict):
    problems = []
    for line in claim["lines"]:
        if not CDT_CODE.match(line["code"]):
            problems.append(f"bad code {line['code']}")
        if line["fee"] <= 0:
            problems.append(f"non-positive fee on {line['code']}")
    return problems


def write_receipt(target: Path, receipts: list):
    """Write atomically so a crash never leaves half a receipt."""
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".receipt-", suffix=".json")
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(receipts, fh, indent=2)
        os.chmod(tmp, 0o600)
        os.replace(tmp, target)
    except OSError:
        os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("CLEARINGHOUSE_API_KEY")
    if not api_key and not args.dry_run:
        log.error("CLEARINGHOUSE_API_KEY is not set")
        return 1

    claims = load_claims(args.export)
    client = ClearinghouseClient(API_BASE, api_key or "")
    receipts = []
    for claim in claims:
        problems = validate(claim)
        if problems:
            log.warning("claim %s held back: %s", claim["claim_id"], "; ".join(problems))
            continue
        if args.dry_run:
            log.info("would submit claim %s (%d lines)", claim["claim_id"], len(claim["lines"]))
            continue
        try:
            ref = client.submit(claim)
            receipts.append({"claim_id": claim["claim_id"], "reference": ref})
            log.info("claim %s accepted as %s", claim["claim_id"], ref)
        except requests.RequestException as exc:
            log.error("claim %s failed: %s", claim["claim_id"], exc)

    if receipts:
        write_receipt(args.export.with_suffix(".receipts.json"), receipts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
