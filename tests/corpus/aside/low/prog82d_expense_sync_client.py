#!/usr/bin/env python3
"""Send categorised expenses to the accounting service.

Reads expenses.csv (date, payee, amount, category, receipt), skips rows that
were already sent (tracked in .expense_sync.json), and posts the rest in
batches to the accounting API.  The API token comes from EXPENSE_API_TOKEN,
the endpoint from EXPENSE_API_URL (default: the EU region).
"""
import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

log = logging.getLogger("expense-sync")

API_URL = os.environ.get("EXPENSE_API_URL", "https://eu.api.example.com/v2")
STATE = Path(".expense_sync.json")
BATCH = 50


def row_key(row):
    raw = "|".join(row.get(k, "") for k in ("date", "payee", "amount", "receipt"))
    return hashlib.sha256(raw.encode()).hexdigest()[:20]


def read_expenses(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                dt.date.fromisoformat(row["date"])
                row["amount"] = round(float(row["amount"]), 2)
            except (KeyError, ValueError):
                log.warning("skipping malformed row: %s", row)
                continue
            yield row


def batched(items, size):
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


class ExpenseApi:
    def __init__(self, base_url, token, timeout=30):
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def _request(self, method, path, payload=None, idempotency_key=None):
        headers = {"Authorization": f"Bearer {self.token}", "Accept": "application/json"}
        data = None
        if payload is not None:
            data = json.dumps(payload).encode()
            headers["Content-Type"] = "application/json"
        if idempotency_key:
            headers["Idempotency-Key"] = idempotency_key
        req = urllib.request.Request(self.base_url + path, data=data, method=method, headers=headers)
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)

    def whoami(self):
        return self._request("GET", "/me")

    def push(self, rows):
        key = str(uuid.uuid4())
        for attempt in range(4):
            try:
                return self._request("POST", "/expenses/batch", {"expenses": rows}, key)
            except urllib.error.HTTPError as exc:
                if exc.code < 500:
                    raise
                log.warning("server error %s, retrying", exc.code)
            except urllib.error.URLError as exc:
                log.warning("network error %s, retrying", exc.reason)
            time.sleep(2 ** attempt)
        raise RuntimeError("expense batch could not be delivered")


def load_state():
    return json.loads(STATE.read_text()) if STATE.exists() else {"sent": []}


def save_state(state):
    STATE.write_text(json.dumps(state))
    os.chmod(STATE, 0o600)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", type=Path, nargs="?", default=Path("expenses.csv"))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("EXPENSE_API_TOKEN")
    if not token:
        log.error("EXPENSE_API_TOKEN is not set")
        return 2
    api = ExpenseApi(API_URL, token)
    state = load_state()
    sent = set(state["sent"])

    pending = [r for r in read_expenses(args.csv) if row_key(r) not in sent]
    log.info("%d new expense(s)", len(pending))
    if args.dry_run or not pending:
        return 0

    try:
        log.info("sending as %s", api.whoami().get("email", "?"))
    except urllib.error.URLError as exc:
        log.error("cannot reach %s: %s", API_URL, exc)
        return 1

    for batch in batched(pending, BATCH):
        result = api.push(batch)
        sent.update(row_key(r) for r in batch)
        state["sent"] = sorted(sent)
        save_state(state)
        log.info("batch accepted: %s created, %s duplicates",
                 result.get("created", "?"), result.get("duplicates", 0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
