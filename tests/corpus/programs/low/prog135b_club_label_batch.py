#!/usr/bin/env python3
"""Wine club shipping label batch.

Sends the club shipment list to the label service, saves the returned PDF
labels next to the input file and keeps a manifest for the packing team.
The API key comes from SHIPLABEL_API_KEY and is only sent to the label API.
"""
import argparse
import csv
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

import requests

LOG = logging.getLogger("club-labels")

LABEL_API = "https://labels.example.com/v3/batches"


def read_members(path):
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    return [r for r in rows if r.get("ship", "yes").lower() == "yes"]


def build_batch(members, service):
    return {
        "service": service,
        "shipments": [
            {
                "reference": m["member_id"],
                "name": m["name"],
                "street": m["street"],
                "city": m["city"],
                "postcode": m["postcode"],
                "weight_kg": round(1.5 * int(m.get("bottles", 6)), 1),
                "signature_required": True,
            }
            for m in members
        ],
    }


def request_labels(batch, api_key):
    headers = {"Authorization": "Bearer " + api_key, "Accept": "application/pdf"}
    resp = requests.post(LABEL_API, json=batch, headers=headers, timeout=60)
    resp.raise_for_status()
    return resp.content


def save_atomically(data, target: Path):
    """Write to a temp file in the same folder, then rename into place."""
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".labels-", suffix=".pdf")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o600)  # labels contain member addresses
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("members_csv", type=Path)
    ap.add_argument("--service", default="express-signature")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    api_key = os.environ.get("SHIPLABEL_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("SHIPLABEL_API_KEY is not set")
        return 2

    members = read_members(args.members_csv)
    if not members:
        LOG.info("nothing to ship")
        return 0
    batch = build_batch(members, args.service)
    if args.dry_run:
        print(json.dumps(batch, indent=2))
        return 0

    try:
        pdf = request_labels(batch, api_key)
    except requests.RequestException as exc:
        LOG.error("label service error: %s", exc)
        return 1

    out = args.members_csv.with_suffix(".labels.pdf")
    save_atomically(pdf, out)
    manifest = args.members_csv.with_suffix(".manifest.json")
    manifest.write_text(json.dumps([m["member_id"] for m in members], indent=1))
    LOG.info("saved %d labels to %s", len(members), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
