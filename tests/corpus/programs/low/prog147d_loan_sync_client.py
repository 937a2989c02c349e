#!/usr/bin/env python3
"""Sync the van's offline loans and returns with the library loans API.

While on the road the kiosk writes loans to pending_loans.jsonl. When the
van has signal, this pushes the pending records to the API in batches and
writes the server's acknowledgements to a local receipt file.
"""
import argparse
import json
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

import requests

log = logging.getLogger("loan-sync")

API_BASE = os.environ.get("LOANS_API_BASE", "https://loans.example.com/api/v2")
BATCH = 50


class LoansClient:
    def __init__(self, base, token, timeout=20):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "User-Agent": "van-loan-sync/1.4",
        })
        self.timeout = timeout

    def push(self, records):
        resp = self.session.post(f"{self.base}/loans/batch", json={"records": records},
                                 timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def ping(self):
        resp = self.session.get(f"{self.base}/health", timeout=self.timeout)
        return resp.ok


def read_pending(path: Path):
    records = []
    if not path.exists():
        return records
    with path.open() as fh:
        for n, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError:
                log.warning("skipping malformed line %d", n)
    return records


def write_atomic(path: Path, lines):
    """Write via a temp file in the same folder so a crash never leaves half a file."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".part")
    try:
        with os.fdopen(fd, "w") as fh:
            for line in lines:
                fh.write(line + "\n")
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def sync(client, pending_path: Path, receipt_path: Path):
    records = read_pending(pending_path)
    if not records:
        log.info("nothing to sync")
        return 0
    acked, remaining = [], []
    for i in range(0, len(records), BATCH):
        batch = records[i:i + BATCH]
        try:
            result = client.push(batch)
            acked.extend(result.get("accepted", []))
            remaining.extend(r for r in batch if r.get("id") in set(result.get("rejected", [])))
        except requests.RequestException as exc:
            log.error("batch %d failed: %s", i // BATCH, exc)
            remaining.extend(records[i:])
            break
        time.sleep(0.5)
    write_atomic(pending_path, [json.dumps(r) for r in remaining])
    with receipt_path.open("a") as fh:
        for rid in acked:
            fh.write(f"{time.strftime('%F %T')}\t{rid}\n")
    os.chmod(receipt_path, 0o600)
    log.info("synced %d, %d left pending", len(acked), len(remaining))
    return len(acked)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pending", type=Path, default=Path("pending_loans.jsonl"))
    ap.add_argument("--receipts", type=Path, default=Path("sync_receipts.tsv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    token = os.environ.get("LOANS_API_TOKEN")
    if not token:
        log.error("LOANS_API_TOKEN is not set")
        return 2
    client = LoansClient(API_BASE, token)
    try:
        if not client.ping():
            log.warning("API health check failed; will try anyway")
    except requests.RequestException as exc:
        log.error("no connection to %s: %s", API_BASE, exc)
        return 1
    sync(client, args.pending, args.receipts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
