#!/usr/bin/env python3
"""Push document-checklist updates to the applicant portal API.

The nightly shell wrapper exports CHECKLIST_BATCH (path to a JSON batch it
assembled from the mailroom scanner) and PORTAL_API_KEY. This tool posts
each applicant's received documents, skips batches it has already sent,
and leaves a small env file the wrapper sources for its summary email.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("checklist-post")

API_URL = "https://api.example.com/v1/checklist"
CACHE_DIR = Path(".checklist-cache")


class PortalClient:
    def __init__(self, url, api_key, timeout=15):
        self.url = url
        self.api_key = api_key
        self.timeout = timeout

    def post(self, payload):
        data = json.dumps(payload).encode("utf-8")
        req = urllib.request.Request(
            self.url, data=data, method="POST",
            headers={"Content-Type": "application/json",
                     "Authorization": f"Bearer {self.api_key}"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


def batch_cache_key(raw_bytes):
    return hashlib.md5(raw_bytes).hexdigest()


def load_batch(path):
    raw = Path(path).read_bytes()
    entries = json.loads(raw)
    if not isinstance(entries, list):
        raise ValueError("batch must be a JSON list")
    return raw, entries


def write_env_file(path, sent, failed, key):
    lines = [f"CHECKLIST_SENT={sent}", f"CHECKLIST_FAILED={failed}",
             f"CHECKLIST_BATCH_KEY={key}"]
    path.parent.mkdir(exist_ok=True)
    path.write_text("\n".join(lines) + "\n")
    os.chmod(path, 0o600)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--batch", default=os.environ.get("CHECKLIST_BATCH"))
    parser.add_argument("--env-out", default="build/checklist_last_run.env")
    parser.add_argument("--force", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.batch:
        LOG.error("no batch given (set CHECKLIST_BATCH or use --batch)")
        return 2
    api_key = os.environ.get("PORTAL_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("PORTAL_API_KEY is not set")
        return 2

    try:
        raw, entries = load_batch(args.batch)
    except (OSError, ValueError) as exc:
        LOG.error("cannot read batch %s: %s", args.batch, exc)
        return 1

    key = batch_cache_key(raw)
    marker = CACHE_DIR / f"{key}.done"
    if marker.exists() and not args.force:
        LOG.info("batch %s already posted, skipping", key[:8])
        return 0

    client = PortalClient(API_URL, api_key)
    sent = failed = 0
    for entry in entries:
        payload = {"applicant_id": entry.get("applicant_id"),
                   "documents": entry.get("documents", []),
                   "received_at": entry.get("received_at", int(time.time()))}
        if not payload["applicant_id"]:
            LOG.warning("skipping entry without applicant_id")
            failed += 1
            continue
        if args.dry_run:
            LOG.info("would post %s", payload["applicant_id"])
            continue
        try:
            status = client.post(payload)
            sent += 1
            LOG.debug("posted %s -> %s", payload["applicant_id"], status)
        except urllib.error.URLError as exc:
            LOG.warning("post for %s failed: %s", payload["applicant_id"], exc)
            failed += 1

    write_env_file(Path(args.env_out), sent, failed, key)
    if not args.dry_run and failed == 0:
        CACHE_DIR.mkdir(exist_ok=True)
        marker.write_text(str(int(time.time())))
    LOG.info("batch %s: %d sent, %d failed", key[:8], sent, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
