#!/usr/bin/env python3
"""Push signed rider waivers from the front-desk register to the booking platform.

The kiosk tablets write waivers into waivers.db (SQLite) in the park office
share. Each run picks up rows not yet exported, posts them in batches to the
booking platform's waiver endpoint and marks them exported. The API key comes
from WAIVER_API_KEY so it never lands in the config file.
"""
import argparse
import json
import logging
import os
import sqlite3
import sys
import time
from datetime import date, datetime

import requests

log = logging.getLogger("waiver-export")

API_BASE = os.environ.get("WAIVER_API_BASE", "https://api.ridebook.app/v2")
BATCH = 50


class WaiverRegister:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def pending(self, venue):
        cur = self.conn.execute(
            "SELECT id, full_name, dob, email, phone, activity, signed_at, guardian_name, "
            "emergency_contact FROM waivers WHERE exported_at IS NULL AND venue = ? "
            "ORDER BY signed_at",
            (venue,),
        )
        return [dict(r) for r in cur]

    def mark_exported(self, ids):
        now = datetime.utcnow().isoformat(timespec="seconds")
        self.conn.executemany("UPDATE waivers SET exported_at = ? WHERE id = ?",
                              [(now, i) for i in ids])
        self.conn.commit()


def is_minor(dob, on=None):
    on = on or date.today()
    born = date.fromisoformat(dob)
    return (on.year - born.year - ((on.month, on.day) < (born.month, born.day))) < 18


def to_payload(row):
    minor = is_minor(row["dob"])
    if minor and not row.get("guardian_name"):
        raise ValueError(f"waiver {row['id']} is for a minor but has no guardian")
    return {
        "external_id": f"desk-{row['id']}",
        "participant": {"name": row["full_name"], "dob": row["dob"],
                        "email": row["email"], "phone": row["phone"]},
        "activity": row["activity"],
        "signed_at": row["signed_at"],
        "minor": minor,
        "guardian": row.get("guardian_name"),
        "emergency_contact": row["emergency_contact"],
    }


class BookingApi:
    def __init__(self, key, base=API_BASE, retries=3):
        self.base = base.rstrip("/")
        self.retries = retries
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}",
                                     "User-Agent": "waiver-export/1.4"})

    def post_batch(self, venue, items):
        url = f"{self.base}/venues/{venue}/waivers:batch"
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.post(url, json={"waivers": items}, timeout=20)
                if resp.status_code == 429:
                    time.sleep(int(resp.headers.get("Retry-After", "5")))
                    continue
                resp.raise_for_status()
                return resp.json().get("accepted", [])
            except requests.RequestException as exc:
                log.warning("batch post failed (attempt %d/%d): %s", attempt, self.retries, exc)
                time.sleep(2 ** attempt)
        raise RuntimeError("booking platform did not accept batch")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="waivers.db")
    ap.add_argument("--venue", required=True, help="venue slug, e.g. ridgeline-zip")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("WAIVER_API_KEY")
    if not key and not args.dry_run:
        log.error("WAIVER_API_KEY is not set")
        return 2

    register = WaiverRegister(args.db)
    rows = register.pending(args.venue)
    log.info("%d waivers waiting for export", len(rows))
    payloads, skipped = [], 0
    for row in rows:
        try:
            payloads.append(to_payload(row))
        except ValueError as exc:
            skipped += 1
            log.warning("%s", exc)

    if args.dry_run:
        print(json.dumps(payloads[:3], indent=2))
        return 0

    api = BookingApi(key)
    exported = 0
    for i in range(0, len(payloads), BATCH):
        chunk = payloads[i:i + BATCH]
        accepted = api.post_batch(args.venue, chunk)
        ids = [int(ext.split("-", 1)[1]) for ext in accepted]
        register.mark_exported(ids)
        exported += len(ids)
    log.info("exported %d, skipped %d", exported, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
