#!/usr/bin/env python3
"""Prescription queue exporter.

Collects prescriptions that the GPs have signed off (JSON files dropped into
./queue by the PMS print hook), sends them as one batch to the nominated
pharmacy's ordering API and keeps a dated CSV copy of what was sent in
./exports. Processed queue files move to ./queue/sent.
"""

import argparse
import csv
import datetime as dt
import json
import logging
import os
import shutil
import sys
from pathlib import Path

import requests

log = logging.getLogger("rx_export")

API_URL = "https://orders.localpharmacy.example/api/v1/batches"
FIELDS = ["rx_id", "nhs_number", "patient_name", "item", "quantity", "prescriber", "signed_at"]


def pending(queue_dir):
    """Yield (path, record) for every signed prescription waiting in the queue."""
    for path in sorted(queue_dir.glob("*.json")):
        try:
            rec = json.loads(path.read_text(encoding="utf-8"))
        except ValueError as exc:
            log.warning("unreadable queue file %s: %s", path.name, exc)
            continue
        if not rec.get("signed_at"):
            log.debug("%s not signed yet", path.name)
            continue
        missing = [f for f in FIELDS if f not in rec]
        if missing:
            log.warning("%s missing %s", path.name, ", ".join(missing))
            continue
        yield path, rec


def send_batch(records, api_key, practice_code):
    body = {
        "practice": practice_code,
        "created": dt.datetime.now().isoformat(timespec="seconds"),
        "items": records,
    }
    resp = requests.post(
        API_URL,
        json=body,
        headers={"Authorization": f"Bearer {api_key}"},
        timeout=30,
    )
    resp.raise_for_status()
    return resp.json().get("batch_id")


def write_csv(export_dir, records, batch_id):
    export_dir.mkdir(exist_ok=True)
    out = export_dir / f"rx-{dt.date.today():%Y%m%d}-{batch_id}.csv"
    with out.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(records)
    os.chmod(out, 0o600)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queue", type=Path, default=Path("queue"))
    ap.add_argument("--exports", type=Path, default=Path("exports"))
    ap.add_argument("--practice", default=os.environ.get("PRACTICE_ODS_CODE", "Y00000"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    items = list(pending(args.queue))
    if not items:
        log.info("nothing to export")
        return 0
    records = [rec for _, rec in items]
    if args.dry_run:
        for rec in records:
            log.info("[dry-run] %s %s x%s", rec["rx_id"], rec["item"], rec["quantity"])
        return 0

    api_key = os.environ.get("PHARMACY_API_KEY")
    if not api_key:
        log.error("PHARMACY_API_KEY is not set")
        return 2
    try:
        batch_id = send_batch(records, api_key, args.practice)
    except requests.RequestException as exc:
        log.error("pharmacy API rejected the batch: %s", exc)
        return 1

    out = write_csv(args.exports, records, batch_id)
    sent_dir = args.queue / "sent"
    sent_dir.mkdir(exist_ok=True)
    for path, _ in items:
        shutil.move(str(path), sent_dir / path.name)
    log.info("batch %s: %d prescriptions sent, copy in %s", batch_id, len(records), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
