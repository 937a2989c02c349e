#!/usr/bin/env python3
"""Submits monthly vet invoices to the sanctuary's billing service.

Reads the invoice lines the office manager exports from the spreadsheet,
groups them per visit, and posts them to the billing API.
"""
import argparse
import csv
import functools
import json
import logging
import os
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field, asdict
from decimal import Decimal
from pathlib import Path

log = logging.getLogger("vet-invoices")

BILLING_API = os.environ.get("VETBILL_API", "https://api.vetbilling.example.com/v1")


@dataclass
class Line:
    llama: str
    service: str
    amount: str


@dataclass
class Visit:
    visit_id: str
    date: str
    vet: str
    lines: list = field(default_factory=list)

    @property
    def total(self) -> str:
        return str(sum(Decimal(l.amount) for l in self.lines))


def retry(times=3, delay=2.0):
    def deco(fn):
        @functools.wraps(fn)
        def inner(*a, **kw):
            for attempt in range(1, times + 1):
                try:
                    return fn(*a, **kw)
                except urllib.error.URLError as exc:
                    if attempt == times:
                        raise
                    log.warning("attempt %d failed (%s), retrying", attempt, exc)
                    time.sleep(delay * attempt)
        return inner
    return deco


class BillingClient:
    def __init__(self, base: str, key_var: str = "VETBILL_API_KEY"):
        self.base = base.rstrip("/")
        self._key = os.environ[key_var]

    def _headers(self):
        return {"Authorization": f"Bearer {self._key}", "Content-Type": "application/json"}

    @retry()
    def submit(self, visit: Visit):
        body = json.dumps({**asdict(visit), "total": visit.total}).encode()
        req = urllib.request.Request(f"{self.base}/invoices", data=body, headers=self._headers(), method="POST")
        with urllib.request.urlopen(req, timeout=15) as resp:
            return json.load(resp)


def read_visits(path: Path):
    visits = {}
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            v = visits.setdefault(row["visit_id"], Visit(row["visit_id"], row["date"], row["vet"]))
            v.lines.append(Line(row["llama"], row["service"], row["amount"]))
    return list(visits.values())


def main():
    ap = argparse.ArgumentParser(description="submit vet invoices")
    ap.add_argument("csv", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    visits = read_visits(args.csv)
    if args.dry_run:
        for v in visits:
            print(f"{v.visit_id} {v.date} {v.vet}: {len(v.lines)} lines, total {v.total}")
        return
    client = BillingClient(BILLING_API)
    for v in visits:
        result = client.submit(v)
        log.info("visit %s accepted as invoice %s", v.visit_id, result.get("invoice_number"))


if __name__ == "__main__":
    main()
