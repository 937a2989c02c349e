#!/usr/bin/env python3
"""Push the office's confirmed bookings to the online booking platform.

Phone and walk-in bookings are kept in a CSV at the counter; this pushes
them to the booking platform's API so online availability stays correct.
The API key lives in the environment of the office account.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import pathlib
import urllib.request

log = logging.getLogger("platform-sync")

API_BASE = os.environ.get("BOOKING_API", "https://api.bookings.example.com/v3")
STATE_FILE = pathlib.Path("sync_state.json")


def api_key():
    key = os.environ.get("BOOKING_API_KEY")
    if not key:
        raise SystemExit("BOOKING_API_KEY is not set")
    return key


def row_fingerprint(row):
    # cache key only: lets us skip rows already pushed unchanged
    blob = json.dumps(row, sort_keys=True).encode()
    return hashlib.md5(blob).hexdigest()


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=1))
    os.chmod(STATE_FILE, 0o600)


def to_payload(row):
    return {
        "reference": row["ref"],
        "boat": row["boat"],
        "start_date": row["start"],
        "nights": int(row["nights"]),
        "party_size": int(row.get("party", 2)),
        "source": "office",
    }


def push(payload, key):
    req = urllib.request.Request(
        f"{API_BASE}/bookings",
        data=json.dumps(payload).encode(),
        method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
    )
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv_file", type=pathlib.Path)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    key = None if args.dry_run else api_key()
    state = load_state()
    pushed = skipped = 0
    with args.csv_file.open(newline="") as fh:
        for row in csv.DictReader(fh):
            fp = row_fingerprint(row)
            if state.get(row["ref"]) == fp:
                skipped += 1
                continue
            payload = to_payload(row)
            if args.dry_run:
                print(json.dumps(payload))
                continue
            try:
                push(payload, key)
            except OSError as exc:
                log.error("%s: %s", row["ref"], exc)
                continue
            state[row["ref"]] = fp
            pushed += 1
    if not args.dry_run:
        save_state(state)
    log.info("pushed %d, unchanged %d", pushed, skipped)


if __name__ == "__main__":
    main()
