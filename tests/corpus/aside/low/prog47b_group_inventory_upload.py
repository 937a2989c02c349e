#!/usr/bin/env python3
"""Upload an AD group-membership export to the CMDB inventory API.

The export (ldapsearch/PowerShell CSV dump) is produced by another job and
dropped in ./exports. This script summarises it and posts the summary to the
inventory service. The API key is read from INVENTORY_API_KEY and is sent
only to INVENTORY_URL.
"""
import argparse
import collections
import csv
import datetime as dt
import glob
import json
import logging
import os
import socket
import sys

import requests

log = logging.getLogger("inventory-upload")
DEFAULT_URL = "https://cmdb.corp.example/api/v2/directory/groups"


class ExportSummary:
    def __init__(self):
        self.members = collections.defaultdict(set)
        self.sources = []

    def ingest(self, path):
        with open(path, newline="", encoding="utf-8-sig") as fh:
            for row in csv.DictReader(fh):
                group = (row.get("Group") or row.get("cn") or "").strip()
                member = (row.get("SamAccountName") or row.get("memberUid") or "").strip()
                if group and member:
                    self.members[group].add(member.lower())
        self.sources.append(os.path.basename(path))

    def as_payload(self):
        return {
            "collector": socket.getfqdn(),
            "collected_at": dt.datetime.now(dt.timezone.utc).isoformat(),
            "sources": self.sources,
            "groups": [
                {"name": g, "member_count": len(m), "members": sorted(m)}
                for g, m in sorted(self.members.items())
            ],
        }


def upload(url, api_key, payload, timeout):
    headers = {"Authorization": f"Bearer {api_key}",
               "Content-Type": "application/json"}
    resp = requests.post(url, data=json.dumps(payload), headers=headers,
                         timeout=timeout)
    resp.raise_for_status()
    return resp.json().get("id")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exports", default="exports/*.csv")
    ap.add_argument("--url", default=os.environ.get("INVENTORY_URL", DEFAULT_URL))
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    files = sorted(glob.glob(args.exports))
    if not files:
        log.error("no export files match %s", args.exports)
        return 1
    summary = ExportSummary()
    for path in files:
        try:
            summary.ingest(path)
        except (OSError, csv.Error) as exc:
            log.warning("skipping %s: %s", path, exc)

    payload = summary.as_payload()
    log.info("%d groups from %d files", len(payload["groups"]), len(files))
    if args.dry_run:
        json.dump(payload, sys.stdout, indent=2)
        return 0

    api_key = os.environ.get("INVENTORY_API_KEY")
    if not api_key:
        log.error("INVENTORY_API_KEY is not set")
        return 1
    try:
        record = upload(args.url, api_key, payload, args.timeout)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("inventory record %s created", record)
    return 0


if __name__ == "__main__":
    sys.exit(main())
