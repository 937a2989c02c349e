#!/usr/bin/env python3
"""Push cleaned contact rows from a CSV into an Airtable base.

The personal access token is read from AIRTABLE_TOKEN and is only ever sent
to api.airtable.com in the Authorization header.
"""
from __future__ import annotations

import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass, field

BASE_URL = "https://api.airtable.com/v0"
BATCH = 10
log = logging.getLogger("crm_push")


@dataclass
class AirtableClient:
    base_id: str
    table: str
    token: str = field(repr=False)

    def _request(self, records: list[dict]) -> dict:
        url = f"{BASE_URL}/{self.base_id}/{urllib.request.quote(self.table)}"
        body = json.dumps({"records": records, "typecast": True}).encode()
        req = urllib.request.Request(url, data=body, method="POST", headers={
            "Authorization": f"Bearer {self.token}",
            "Content-Type": "application/json",
        })
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.load(resp)

    def create(self, rows: list[dict]) -> int:
        created = 0
        for start in range(0, len(rows), BATCH):
            chunk = [{"fields": r} for r in rows[start:start + BATCH]]
            try:
                result = self._request(chunk)
            except urllib.error.HTTPError as err:
                log.error("batch at %d rejected: %s %s", start, err.code, err.read()[:200])
                continue
            created += len(result.get("records", []))
        return created


def clean(row: dict) -> dict | None:
    email = (row.get("email") or "").strip().lower()
    if "@" not in email:
        return None
    return {
        "Name": " ".join(p.strip().title() for p in (row.get("first", ""), row.get("last", "")) if p),
        "Email": email,
        "Company": (row.get("company") or "").strip(),
        "Phone": "".join(ch for ch in row.get("phone", "") if ch.isdigit() or ch == "+"),
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("csv_file")
    ap.add_argument("--base", required=True)
    ap.add_argument("--table", default="Contacts")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    token = os.environ.get("AIRTABLE_TOKEN")
    if not token and not args.dry_run:
        log.error("set AIRTABLE_TOKEN first")
        return 2

    with open(args.csv_file, newline="", encoding="utf-8-sig") as fh:
        cleaned = [c for c in (clean(r) for r in csv.DictReader(fh)) if c]
    seen, unique = set(), []
    for rec in cleaned:
        if rec["Email"] not in seen:
            seen.add(rec["Email"])
            unique.append(rec)
    log.info("%d unique contacts ready", len(unique))

    if args.dry_run:
        json.dump(unique[:5], sys.stdout, indent=2)
        return 0
    client = AirtableClient(args.base, args.table, token)
    log.info("created %d records", client.create(unique))
    return 0


if __name__ == "__main__":
    sys.exit(main())
