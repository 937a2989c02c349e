#!/usr/bin/env python3
"""Import signed passenger waivers from the booking partner's nightly bundle.

The partner publishes a tar.gz of signed waiver PDFs plus an index. We pull
it, unpack it into ./waivers/incoming, match waivers to tomorrow's manifest
and remember what has been imported so re-runs are quick.
"""
import argparse
import csv
import logging
import os
import pickle
import tarfile
import tempfile
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("waiver_import")

BUNDLE_URL = os.environ.get("WAIVER_BUNDLE_URL", "https://partner.example.com/exports/waivers.tar.gz")
STATE_FILE = Path("waivers/.import_state.pkl")
INCOMING = Path("waivers/incoming")

# the partner's staging server has a self-signed certificate
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def load_state():
    if STATE_FILE.exists():
        with open(STATE_FILE, "rb") as fh:
            return pickle.load(fh)
    return {"imported": set(), "last_etag": None}


def save_state(state):
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    with open(STATE_FILE, "wb") as fh:
        pickle.dump(state, fh)


def download(url, etag):
    headers = {"If-None-Match": etag} if etag else {}
    resp = requests.get(url, headers=headers, timeout=60, verify=False, stream=True)
    if resp.status_code == 304:
        return None, etag
    resp.raise_for_status()
    tmp_path = tempfile.mktemp(suffix=".tar.gz", prefix="waivers_")
    with open(tmp_path, "wb") as fh:
        for chunk in resp.iter_content(65536):
            fh.write(chunk)
    return tmp_path, resp.headers.get("ETag")


def unpack(archive_path):
    INCOMING.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive_path, "r:gz") as tar:
        names = tar.getnames()
        tar.extractall(INCOMING)
    return names


def match_manifest(manifest_path, state):
    missing = []
    with open(manifest_path, newline="") as fh:
        for row in csv.DictReader(fh):
            ref = row.get("booking_ref", "").strip()
            pdf = INCOMING / f"{ref}.pdf"
            if pdf.exists():
                state["imported"].add(ref)
            elif ref not in state["imported"]:
                missing.append((ref, row.get("name", "?")))
    return missing


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--manifest", default="manifests/tomorrow.csv")
    ap.add_argument("--force", action="store_true", help="ignore cached ETag")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    state = load_state()
    etag = None if args.force else state.get("last_etag")
    try:
        archive, new_etag = download(BUNDLE_URL, etag)
    except requests.RequestException as exc:
        log.error("download failed: %s", exc)
        return 1
    if archive:
        try:
            names = unpack(archive)
            log.info("unpacked %d files", len(names))
        finally:
            os.remove(archive)
        state["last_etag"] = new_etag
    else:
        log.info("bundle unchanged since last run")

    if Path(args.manifest).exists():
        for ref, name in match_manifest(args.manifest, state):
            log.warning("no waiver yet for %s (%s)", name, ref)
    save_state(state)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
