#!/usr/bin/env python3
"""Reconcile hire deposits taken at the counter against card-terminal settlements.

Reads the day's deposit ledger export (deposits.csv) and the terminal
settlement export (settlements.csv), matches them on auth code, and pushes a
summary to the finance reconciliation API.  Unmatched lines are written to
unmatched.csv for the depot manager to chase.
"""
import argparse
import csv
import json
import logging
import os
import sys
from dataclasses import dataclass, asdict
from decimal import Decimal

import requests

log = logging.getLogger("deposit-recon")

API = os.environ.get("RECON_API", "https://finance.toolhire-group.com/api/recon/v1")


@dataclass
class Line:
    ref: str
    auth: str
    amount: Decimal
    source: str


def read_lines(path, source, ref_col, auth_col, amount_col):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield Line(row[ref_col].strip(), row[auth_col].strip().upper(),
                           Decimal(row[amount_col]).quantize(Decimal("0.01")), source)
            except (KeyError, ArithmeticError) as exc:
                log.warning("%s: skipping bad row %r (%s)", path, row, exc)


def reconcile(deposits, settlements):
    by_auth = {}
    for s in settlements:
        by_auth.setdefault(s.auth, []).append(s)
    matched, unmatched = [], []
    for d in deposits:
        cands = by_auth.get(d.auth, [])
        hit = next((s for s in cands if s.amount == d.amount), None)
        if hit:
            cands.remove(hit)
            matched.append((d, hit))
        else:
            unmatched.append(d)
    for rest in by_auth.values():
        unmatched.extend(rest)
    return matched, unmatched


def write_unmatched(path, lines):
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["ref", "auth", "amount", "source"])
        w.writeheader()
        for ln in lines:
            w.writerow({**asdict(ln), "amount": str(ln.amount)})


def push_summary(depot, day, matched, unmatched):
    key = os.environ.get("RECON_API_KEY")
    if not key:
        log.info("RECON_API_KEY not set, summary not pushed")
        return
    body = {
        "depot": depot,
        "business_day": day,
        "matched_count": len(matched),
        "matched_total": str(sum((d.amount for d, _ in matched), Decimal(0))),
        "unmatched": [{**asdict(u), "amount": str(u.amount)} for u in unmatched],
    }
    r = requests.post(f"{API}/depots/{depot}/summaries", json=body,
                      headers={"X-Api-Key": key}, timeout=20)
    r.raise_for_status()
    log.info("summary accepted: %s", r.json().get("id"))


def main():
    ap = argparse.ArgumentParser(description="deposit reconciliation")
    ap.add_argument("--deposits", default="deposits.csv")
    ap.add_argument("--settlements", default="settlements.csv")
    ap.add_argument("--depot", default=os.environ.get("DEPOT_CODE", "DEP01"))
    ap.add_argument("--day", required=True, help="business day YYYY-MM-DD")
    ap.add_argument("--no-push", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        deposits = list(read_lines(args.deposits, "ledger", "contract_no", "auth_code", "deposit"))
        settlements = list(read_lines(args.settlements, "terminal", "txn_id", "auth", "amount"))
    except FileNotFoundError as exc:
        log.error("missing input: %s", exc.filename)
        return 1

    matched, unmatched = reconcile(deposits, settlements)
    write_unmatched("unmatched.csv", unmatched)
    log.info("%d matched, %d unmatched", len(matched), len(unmatched))

    if not args.no_push:
        try:
            push_summary(args.depot, args.day, matched, unmatched)
        except requests.RequestException as exc:
            log.error("push failed: %s", exc)
            return 3
    return 0 if not unmatched else 4


if __name__ == "__main__":
    sys.exit(main())
