#!/usr/bin/env python3
"""Push berth bookings from the marina PMS export to the HarbourDesk API.

Reads the nightly bookings CSV written by the PMS, normalises vessel
records and pushes only the rows that changed since the last run.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import platform
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("berth_push")

DEFAULT_API = "https://api.harbourdesk.io/v2"
STATE_FILE = Path(".berth_push_state.json")
USER_AGENT = f"berth-push/1.4 (python {sys.version.split()[0]}; {platform.system()})"


def load_state():
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except ValueError:
            log.warning("state file unreadable, starting fresh")
    return {"seen": {}}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def row_key(row):
    return hashlib.md5(json.dumps(row, sort_keys=True).encode()).hexdigest()


def read_bookings(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for raw in csv.DictReader(fh):
            try:
                yield {
                    "berth": raw["Berth"].strip().upper(),
                    "vessel": raw["Vessel Name"].strip(),
                    "loa_m": round(float(raw["LOA (m)"] or 0), 2),
                    "arrival": raw["Arrival"],
                    "departure": raw["Departure"],
                    "contact": raw.get("Email", "").strip().lower(),
                }
            except (KeyError, ValueError) as exc:
                log.debug("skipping malformed row %r: %s", raw, exc)


def changed_rows(rows, state):
    for row in rows:
        key = row_key(row)
        ident = f"{row['berth']}:{row['arrival']}"
        if state["seen"].get(ident) != key:
            state["seen"][ident] = key
            yield row


def push_batch(session, api, batch):
    for attempt in range(1, 4):
        resp = session.post(f"{api}/berths/bookings:batchUpsert",
                            json={"bookings": batch}, timeout=20)
        if resp.status_code < 500:
            resp.raise_for_status()
            return resp.json().get("upserted", len(batch))
        log.warning("API returned %s, retry %d", resp.status_code, attempt)
        time.sleep(2 * attempt)
    raise RuntimeError("HarbourDesk API unavailable")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", help="bookings export from the PMS")
    ap.add_argument("--api", default=os.environ.get("HARBOURDESK_API", DEFAULT_API))
    ap.add_argument("--site", default=os.environ.get("MARINA_SITE", "main-basin"))
    ap.add_argument("--batch-size", type=int, default=50)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("HARBOURDESK_TOKEN")
    if not token and not args.dry_run:
        log.error("HARBOURDESK_TOKEN is not set")
        return 2

    state = load_state()
    changed = list(changed_rows(read_bookings(args.csv), state))
    log.info("%d bookings changed since last sync", len(changed))

    if args.dry_run:
        json.dump(changed, sys.stdout, indent=2)
        return 0

    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {token}",
                            "X-Marina-Site": args.site,
                            "User-Agent": USER_AGENT})
    total = 0
    try:
        for i in range(0, len(changed), args.batch_size):
            total += push_batch(session, args.api, changed[i:i + args.batch_size])
    except (requests.RequestException, RuntimeError) as exc:
        log.error("sync aborted after %d rows: %s", total, exc)
        return 1
    save_state(state)
    log.info("upserted %d bookings", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
