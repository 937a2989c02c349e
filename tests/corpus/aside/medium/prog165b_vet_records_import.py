#!/usr/bin/env python3
"""Upload llama health records to the vet practice portal.

Herd health notes are kept as YAML files (one per llama) in the records
folder. This reads them and posts any new vaccinations, worming and
weight checks to the practice's portal.
"""
import argparse
import logging
import os
import sys
from datetime import date
from pathlib import Path

import requests
import urllib3
import yaml

LOG = logging.getLogger("vet-import")

PORTAL = os.environ.get("VET_PORTAL_URL", "https://portal.dalesvets.example/api/v2")
RECORD_KINDS = ("vaccinations", "worming", "weights", "treatments")

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class PortalClient:
    def __init__(self, base_url, api_key, farm_id):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": api_key})
        self.session.verify = False
        self.farm_id = farm_id

    def known_entries(self, animal_id):
        resp = self.session.get(
            f"{self.base_url}/farms/{self.farm_id}/animals/{animal_id}/records",
            timeout=20,
        )
        if resp.status_code == 404:
            return set()
        resp.raise_for_status()
        return {item["entry_id"] for item in resp.json().get("records", [])}

    def upload(self, animal_id, entries):
        resp = self.session.post(
            f"{self.base_url}/farms/{self.farm_id}/animals/{animal_id}/records",
            json={"records": entries},
            timeout=30,
        )
        resp.raise_for_status()
        return resp.json().get("created", 0)


def read_record(path):
    with open(path, encoding="utf-8") as handle:
        return yaml.load(handle, Loader=yaml.Loader)


def flatten(record):
    animal = record.get("animal", {})
    entries = []
    for kind in RECORD_KINDS:
        for item in record.get(kind, []) or []:
            when = item.get("date")
            if isinstance(when, date):
                when = when.isoformat()
            entries.append({
                "entry_id": f"{animal.get('microchip')}-{kind}-{when}",
                "kind": kind,
                "date": when,
                "detail": item.get("detail") or item.get("product") or "",
                "value": item.get("kg") or item.get("dose"),
            })
    return animal, entries


def main():
    parser = argparse.ArgumentParser(description="Upload herd health records")
    parser.add_argument("records", type=Path, help="folder of per-llama YAML files")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("VET_PORTAL_KEY")
    farm_id = os.environ.get("VET_FARM_ID", "llamatrek-01")
    if not api_key and not args.dry_run:
        LOG.error("VET_PORTAL_KEY is not set")
        return 2
    client = PortalClient(PORTAL, api_key or "", farm_id)

    total = 0
    for path in sorted(args.records.glob("*.y*ml")):
        try:
            animal, entries = flatten(read_record(path) or {})
        except yaml.YAMLError as exc:
            LOG.warning("cannot parse %s: %s", path.name, exc)
            continue
        chip = animal.get("microchip")
        if not chip:
            LOG.warning("%s has no microchip number", path.name)
            continue
        if args.dry_run:
            LOG.info("%s: %d entries", animal.get("name", chip), len(entries))
            continue
        new = [e for e in entries if e["entry_id"] not in client.known_entries(chip)]
        if new:
            total += client.upload(chip, new)
            LOG.info("%s: uploaded %d", animal.get("name", chip), len(new))
    LOG.info("done, %d new records", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
