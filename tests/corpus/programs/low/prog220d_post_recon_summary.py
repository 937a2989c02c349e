#!/usr/bin/env python3
"""Publish the daily reconciliation summary to the finance-ops API.

Reads the matched/unmatched CSVs produced by the nightly run, computes
totals per currency, checks the API is up, and posts a JSON summary. The API
key comes from FINOPS_API_KEY and is only ever sent to the finance-ops API.
"""

import argparse
import csv
import json
import logging
import os
import sys
from collections import Counter, defaultdict
from datetime import date
from pathlib import Path

import requests

LOG = logging.getLogger("post_recon_summary")

API_BASE = "https://finops-api.example.com/v1"


def load_csv(path: Path) -> list:
    if not path.exists():
        LOG.warning("%s missing, treating as empty", path)
        return []
    with path.open(newline="") as fh:
        return list(csv.DictReader(fh))


class Summary:
    def __init__(self, run_date: str):
        self.run_date = run_date
        self.counts = Counter()
        self.amounts = defaultdict(int)

    def add(self, kind: str, rows: list) -> None:
        self.counts[kind] += len(rows)
        for row in rows:
            try:
                self.amounts[(kind, row.get("currency", "XXX"))] += int(row.get("amount_minor", 0))
            except ValueError:
                LOG.warning("bad amount in %s row: %r", kind, row.get("amount_minor"))

    def to_payload(self) -> dict:
        by_currency = defaultdict(dict)
        for (kind, cur), amount in self.amounts.items():
            by_currency[cur][kind] = amount
        total = sum(self.counts.values()) or 1
        return {
            "run_date": self.run_date,
            "counts": dict(self.counts),
            "match_rate": round(self.counts["matched"] / total, 4),
            "amount_minor_by_currency": by_currency,
        }


def api_healthy(session: requests.Session) -> bool:
    try:
        resp = session.get(f"{API_BASE}/health", timeout=10)
    except requests.RequestException as exc:
        LOG.error("health check failed: %s", exc)
        return False
    return resp.status_code == 200


def post_summary(session: requests.Session, payload: dict) -> bool:
    resp = session.post(f"{API_BASE}/recon/summaries", json=payload, timeout=30)
    if resp.status_code not in (200, 201):
        LOG.error("API returned %s: %s", resp.status_code, resp.text[:200])
        return False
    LOG.info("summary accepted: id=%s", resp.json().get("id"))
    return True


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out-dir", type=Path, default=Path("out"))
    parser.add_argument("--date", default=date.today().isoformat())
    parser.add_argument("--print-only", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    summary = Summary(args.date)
    summary.add("matched", load_csv(args.out_dir / "matched.csv"))
    summary.add("unmatched_bank", load_csv(args.out_dir / "unmatched_bank.csv"))
    summary.add("unmatched_ledger", load_csv(args.out_dir / "unmatched_ledger.csv"))
    payload = summary.to_payload()

    if args.print_only:
        print(json.dumps(payload, indent=2))
        return 0

    api_key = os.environ.get("FINOPS_API_KEY")
    if not api_key:
        LOG.error("FINOPS_API_KEY is not set")
        return 2

    with requests.Session() as session:
        session.headers.update({"Authorization": f"Bearer {api_key}",
                                "User-Agent": "recon-summary/1.4"})
        if not api_healthy(session):
            return 1
        return 0 if post_summary(session, payload) else 1


if __name__ == "__main__":
    sys.exit(main())
