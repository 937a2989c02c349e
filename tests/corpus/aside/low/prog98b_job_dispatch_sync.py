#!/usr/bin/env python3
"""Push the office scheduling export to the FieldPro dispatch API.

The office books jobs in the accounts package, which exports a CSV every
evening (jobs_export.csv).  This script turns each row into a FieldPro job,
upserts it, and remembers what it has already pushed in .sync_state.json so
re-runs only send new or changed jobs.

    FIELDPRO_TOKEN=... ./job_dispatch_sync.py --export jobs_export.csv
"""

import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("dispatch_sync")

API_BASE = os.environ.get("FIELDPRO_API", "https://api.fieldpro-dispatch.example/v1")
STATE_FILE = Path(".sync_state.json")
TRADE_CODES = {"PLB": "plumbing", "HTG": "heating", "ELE": "electrical", "GAS": "gas"}


class DispatchClient:
    def __init__(self, base, token, retries=3):
        self.base = base.rstrip("/")
        self.token = token
        self.retries = retries

    def _request(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(
            f"{self.base}{path}",
            data=data,
            method=method,
            headers={
                "Authorization": f"Bearer {self.token}",
                "Content-Type": "application/json",
                "Accept": "application/json",
                "User-Agent": "dispatch-sync/2.3",
            },
        )
        for attempt in range(1, self.retries + 1):
            try:
                with urllib.request.urlopen(req, timeout=20) as resp:
                    return json.loads(resp.read() or b"{}")
            except urllib.error.HTTPError as exc:
                if exc.code < 500 and exc.code != 429:
                    raise
                log.warning("%s %s -> %s (attempt %d)", method, path, exc.code, attempt)
            except urllib.error.URLError as exc:
                log.warning("%s %s failed: %s (attempt %d)", method, path, exc.reason, attempt)
            time.sleep(2 ** attempt)
        raise RuntimeError(f"{method} {path} failed after {self.retries} attempts")

    def upsert_job(self, job):
        return self._request("PUT", f"/jobs/{job['external_ref']}", job)


def row_to_job(row):
    trade = TRADE_CODES.get(row["trade"].strip().upper(), "general")
    return {
        "external_ref": row["job_no"].strip(),
        "trade": trade,
        "customer": {
            "name": row["customer"].strip(),
            "phone": row.get("phone", "").strip(),
            "address": ", ".join(
                part.strip() for part in (row["addr1"], row.get("addr2", ""), row["postcode"]) if part.strip()
            ),
        },
        "scheduled_for": row["date"].strip(),
        "slot": row.get("slot", "AM").strip().upper() or "AM",
        "engineer": row.get("engineer", "").strip() or None,
        "notes": row.get("notes", "").strip(),
        "priority": "urgent" if row.get("urgent", "").strip().lower() in {"y", "yes", "1"} else "normal",
    }


def fingerprint(job):
    return hashlib.sha256(json.dumps(job, sort_keys=True).encode()).hexdigest()


def load_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=1, sort_keys=True))
    os.chmod(STATE_FILE, 0o600)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Sync scheduling export to FieldPro dispatch")
    p.add_argument("--export", default="jobs_export.csv")
    p.add_argument("--dry-run", action="store_true", help="show what would be sent")
    p.add_argument("--force", action="store_true", help="ignore sync state and resend all")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    token = os.environ.get("FIELDPRO_TOKEN")
    if not token and not args.dry_run:
        log.error("FIELDPRO_TOKEN not set")
        return 2

    client = DispatchClient(API_BASE, token)
    state = {} if args.force else load_state()
    sent = skipped = errors = 0

    try:
        with open(args.export, newline="", encoding="utf-8-sig") as fh:
            rows = list(csv.DictReader(fh))
    except FileNotFoundError:
        log.error("export %s not found", args.export)
        return 1

    for row in rows:
        try:
            job = row_to_job(row)
        except KeyError as exc:
            log.warning("row missing column %s: %r", exc, row)
            errors += 1
            continue
        fp = fingerprint(job)
        if state.get(job["external_ref"]) == fp:
            skipped += 1
            continue
        if args.dry_run:
            print(json.dumps(job, indent=2))
            continue
        try:
            client.upsert_job(job)
            state[job["external_ref"]] = fp
            sent += 1
        except (urllib.error.HTTPError, RuntimeError) as exc:
            log.error("job %s not synced: %s", job["external_ref"], exc)
            errors += 1

    if not args.dry_run:
        save_state(state)
    log.info("sent %d, unchanged %d, errors %d", sent, skipped, errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
