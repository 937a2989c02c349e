#!/usr/bin/env python3
"""Upload wild raptor sightings logged by staff to the recording scheme.

Keepers note wild birds of prey seen over the centre (red kites, buzzards,
the odd peregrine) in sightings.csv, optionally with a photo. This posts
each new sighting to the regional recording scheme's API with our
centre's API key, attaching photos base64-encoded as the API requires,
and remembers which rows have been sent.
"""
import argparse
import base64
import csv
import json
import logging
import os
import platform
import sys
import urllib.request
from pathlib import Path
from urllib.error import HTTPError, URLError

LOG = logging.getLogger("sightings")

API_URL = "https://records.example.com/api/v3/sightings"
SENT_FILE = Path(".sightings_sent.json")
MAX_PHOTO = 4 * 1024 * 1024


def os_description():
    """Short OS string for the User-Agent, from /etc/os-release if present."""
    try:
        fields = dict(line.rstrip().split("=", 1)
                      for line in Path("/etc/os-release").read_text().splitlines()
                      if "=" in line)
        return fields.get("PRETTY_NAME", "").strip('"') or platform.system()
    except OSError:
        return platform.system()


class RecordsClient:
    def __init__(self, api_key):
        self.api_key = api_key
        self.ua = f"falconry-sightings/0.4 ({os_description()})"

    def post(self, record):
        req = urllib.request.Request(
            API_URL, data=json.dumps(record).encode(), method="POST",
            headers={"Content-Type": "application/json",
                     "X-Api-Key": self.api_key,
                     "User-Agent": self.ua})
        with urllib.request.urlopen(req, timeout=20) as resp:
            return json.load(resp).get("id")


def load_sent():
    if SENT_FILE.exists():
        return set(json.loads(SENT_FILE.read_text()))
    return set()


def save_sent(sent):
    SENT_FILE.write_text(json.dumps(sorted(sent)))


def photo_payload(path_str):
    if not path_str:
        return None
    p = Path(path_str)
    if not p.is_file() or p.stat().st_size > MAX_PHOTO:
        LOG.warning("photo %s missing or too large, sending without it", p)
        return None
    return {"filename": p.name,
            "content_b64": base64.b64encode(p.read_bytes()).decode("ascii")}


def to_record(row):
    rec = {
        "species": row["species"].strip(),
        "count": int(row.get("count") or 1),
        "observed_at": row["observed_at"],
        "grid_ref": row["grid_ref"].strip().upper(),
        "observer": row.get("observer", "").strip(),
        "notes": row.get("notes", "").strip(),
    }
    photo = photo_payload(row.get("photo", "").strip())
    if photo:
        rec["photo"] = photo
    return rec


def main():
    ap = argparse.ArgumentParser(description="upload wild raptor sightings")
    ap.add_argument("csv", nargs="?", default="sightings.csv")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("RECORDS_API_KEY")
    if not key and not args.dry_run:
        LOG.error("set RECORDS_API_KEY (from the scheme's account page)")
        return 2

    sent = load_sent()
    client = RecordsClient(key or "")
    new = 0
    with open(args.csv, newline="") as fh:
        for row in csv.DictReader(fh):
            rid = row.get("id")
            if not rid or rid in sent:
                continue
            try:
                rec = to_record(row)
            except (KeyError, ValueError) as exc:
                LOG.warning("row %s incomplete: %s", rid, exc)
                continue
            if args.dry_run:
                LOG.info("would send %s: %s x%d", rid, rec["species"], rec["count"])
                continue
            try:
                remote_id = client.post(rec)
            except (HTTPError, URLError) as exc:
                LOG.error("row %s failed: %s", rid, exc)
                continue
            sent.add(rid)
            new += 1
            LOG.info("row %s accepted as %s", rid, remote_id)
    if not args.dry_run:
        save_sent(sent)
    LOG.info("%d new sighting(s) uploaded", new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
