#!/usr/bin/env python3
"""Export new and renewed leisure memberships to the card-printing bureau.

Pulls members whose card status is 'to_print' from the centre's membership
database, writes a CSV for the front-desk archive, and submits the batch to
the bureau's print API (PVC photo cards, posted to the member). Marks the
members as 'sent' once the bureau accepts the batch.

Environment:
    CARDBUREAU_API_KEY   API key issued by the bureau (required)
    CARDBUREAU_URL       override API base (default: production)
"""
import argparse
import csv
import json
import logging
import os
import sqlite3
import sys
import time
from datetime import date
from pathlib import Path

import requests

API_BASE = os.environ.get("CARDBUREAU_URL", "https://api.cardbureau.example.com/v2")
CLIENT_VERSION = "1.8.3"
log = logging.getLogger("card-export")

FIELDS = ["member_no", "first_name", "last_name", "category", "valid_to",
          "photo_ref", "address1", "town", "postcode"]

def fetch_pending(db_path: Path, site: str):
    con = sqlite3.connect(db_path)
    con.row_factory = sqlite3.Row
    rows = con.execute(
        "SELECT m.member_no, m.first_name, m.last_name, m.category, m.valid_to, "
        "m.photo_ref, a.address1, a.town, a.postcode "
        "FROM members m JOIN addresses a ON a.member_no = m.member_no "
        "WHERE m.card_status = 'to_print' AND m.site = ? ORDER BY m.member_no",
        (site,),
    ).fetchall()
    con.close()
    return [dict(r) for r in rows]


def write_archive(rows, out_dir: Path) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"cards_{date.today():%Y%m%d}.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS)
        w.writeheader()
        w.writerows(rows)
    os.chmod(path, 0o600)
    return path


def submit_batch(rows, site, api_key, retries=3):
    body = {
        "site": site,
        "client": {"name": "leisure-card-export", "version": CLIENT_VERSION},
        "cards": rows,
    }
    headers = {"Authorization": f"Bearer {api_key}",
               "Content-Type": "application/json"}
    for attempt in range(1, retries + 1):
        try:
            r = requests.post(f"{API_BASE}/batches", data=json.dumps(body),
                              headers=headers, timeout=30)
            if r.status_code in (200, 201):
                return r.json().get("batch_id")
            log.warning("bureau returned %s: %s", r.status_code, r.text[:200])
            if r.status_code < 500:
                break
        except requests.RequestException as exc:
            log.warning("attempt %d failed: %s", attempt, exc)
        time.sleep(2 ** attempt)
    return None


def mark_sent(db_path: Path, member_nos, batch_id):
    con = sqlite3.connect(db_path)
    with con:
        con.executemany(
            "UPDATE members SET card_status = 'sent', card_batch = ? WHERE member_no = ?",
            [(batch_id, n) for n in member_nos],
        )
    con.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Send pending membership cards to the print bureau")
    ap.add_argument("--db", type=Path, default=Path("membership.sqlite"))
    ap.add_argument("--site", default="central")
    ap.add_argument("--out", type=Path, default=Path("exports"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("CARDBUREAU_API_KEY")
    if not api_key and not args.dry_run:
        log.error("CARDBUREAU_API_KEY is not set")
        return 2

    rows = fetch_pending(args.db, args.site)
    if not rows:
        log.info("no cards waiting for %s", args.site)
        return 0
    archive = write_archive(rows, args.out)
    log.info("%d cards written to %s", len(rows), archive)

    if args.dry_run:
        return 0
    batch_id = submit_batch(rows, args.site, api_key)
    if not batch_id:
        log.error("batch not accepted; cards left as to_print")
        return 1
    mark_sent(args.db, [r["member_no"] for r in rows], batch_id)
    log.info("batch %s accepted by bureau", batch_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
