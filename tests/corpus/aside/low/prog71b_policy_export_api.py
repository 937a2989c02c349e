#!/usr/bin/env python3
"""Push policy records from the quarterly extract to the policy admin API.

Reads policies.csv (or another extract) from the working folder, validates
each row, and upserts them in batches through the policy admin service's
bulk endpoint.  Per-batch results are written to export_results.jsonl so
rejected rows can be corrected and resent.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import sys
import time
from datetime import date
from pathlib import Path
from urllib.parse import urlsplit

LOG = logging.getLogger("policy-export")

API_BASE = os.environ.get("POLICY_ADMIN_URL", "https://api.policyadmin.example.com")
BULK_PATH = "/v1/policies:bulkUpsert"
REQUIRED = ("policy_no", "insured_name", "line_of_business", "effective_date",
            "expiry_date", "written_premium", "state")


def read_rows(path):
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            missing = [k for k in REQUIRED if not (row.get(k) or "").strip()]
            if missing:
                LOG.warning("line %d: missing %s, skipped", lineno, ",".join(missing))
                continue
            try:
                eff = date.fromisoformat(row["effective_date"])
                exp = date.fromisoformat(row["expiry_date"])
                premium = round(float(row["written_premium"]), 2)
            except ValueError as exc:
                LOG.warning("line %d: %s, skipped", lineno, exc)
                continue
            if exp <= eff:
                LOG.warning("line %d: expiry before effective date, skipped", lineno)
                continue
            yield {
                "policyNumber": row["policy_no"].strip(),
                "insuredName": row["insured_name"].strip(),
                "lineOfBusiness": row["line_of_business"].strip().upper(),
                "state": row["state"].strip().upper(),
                "effectiveDate": eff.isoformat(),
                "expiryDate": exp.isoformat(),
                "writtenPremium": premium,
            }


def batched(items, size):
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


class PolicyAdminClient:
    def __init__(self, base_url, api_key, timeout=60):
        parts = urlsplit(base_url)
        self.host, self.port = parts.hostname, parts.port or 443
        self.headers = {"Authorization": f"Bearer {api_key}",
                        "Content-Type": "application/json",
                        "Accept": "application/json"}
        self.timeout = timeout

    def upsert(self, batch, attempts=5):
        body = json.dumps({"policies": batch})
        for attempt in range(1, attempts + 1):
            conn = http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)
            try:
                conn.request("POST", BULK_PATH, body=body, headers=self.headers)
                resp = conn.getresponse()
                payload = resp.read()
            except OSError as exc:
                LOG.warning("attempt %d: %s", attempt, exc)
                status, payload = None, b""
            else:
                status = resp.status
            finally:
                conn.close()
            if status and status < 300:
                return json.loads(payload or b"{}")
            if status and status not in (429, 502, 503, 504):
                raise RuntimeError(f"API rejected batch: {status} {payload[:300]!r}")
            time.sleep(min(30, 2 ** attempt))
        raise RuntimeError("API unavailable after retries")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("extract", type=Path, nargs="?", default=Path("policies.csv"))
    ap.add_argument("--batch-size", type=int, default=200)
    ap.add_argument("--results", type=Path, default=Path("export_results.jsonl"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("POLICY_ADMIN_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("POLICY_ADMIN_API_KEY is not set")
        return 2
    if not args.extract.exists():
        LOG.error("extract %s not found", args.extract)
        return 2

    client = PolicyAdminClient(API_BASE, api_key or "")
    sent = rejected = 0
    with args.results.open("a", encoding="utf-8") as out:
        for n, batch in enumerate(batched(read_rows(args.extract), args.batch_size), 1):
            if args.dry_run:
                LOG.info("batch %d: %d rows (dry run)", n, len(batch))
                continue
            result = client.upsert(batch)
            errors = result.get("errors", [])
            sent += len(batch) - len(errors)
            rejected += len(errors)
            out.write(json.dumps({"batch": n, "size": len(batch), "errors": errors}) + "\n")
            LOG.info("batch %d: %d accepted, %d rejected", n, len(batch) - len(errors), len(errors))
    LOG.info("finished: %d accepted, %d rejected", sent, rejected)
    return 0 if rejected == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
