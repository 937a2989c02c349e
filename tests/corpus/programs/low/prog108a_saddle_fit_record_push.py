#!/usr/bin/env python3
"""Upload saddle fitting records to SaddleFit Cloud.

The fitter's laptop stores one JSON file per fitting visit in ./fittings
(horse, rider, saddle make/model/tree width, wither tracings, flocking notes).
This tool validates each record, uploads new or changed ones to the cloud
account and remembers what was sent in .upload_state.json.

Set SADDLEFIT_API_KEY in the environment.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

API_BASE = os.environ.get("SADDLEFIT_API", "https://api.saddlefit-cloud.example.net/v1")
STATE_FILE = Path(".upload_state.json")
REQUIRED = ("fitting_id", "horse", "saddle", "tree_width", "date")

log = logging.getLogger("saddlefit.push")


class Uploader:
    def __init__(self, api_key, base=API_BASE, timeout=20):
        self.s = requests.Session()
        self.s.headers.update({"Authorization": f"Bearer {api_key}",
                               "User-Agent": "saddlefit-push/2.4"})
        self.base = base.rstrip("/")
        self.timeout = timeout

    def put_record(self, rec):
        url = f"{self.base}/fittings/{rec['fitting_id']}"
        for attempt in range(4):
            try:
                r = self.s.put(url, json=rec, timeout=self.timeout)
                if r.status_code in (200, 201, 204):
                    return True
                if r.status_code == 422:
                    log.error("%s rejected: %s", rec["fitting_id"], r.text[:200])
                    return False
                log.warning("%s: HTTP %s", rec["fitting_id"], r.status_code)
            except requests.RequestException as exc:
                log.warning("%s: %s", rec["fitting_id"], exc)
            time.sleep(2 ** attempt)
        return False


def load_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (FileNotFoundError, ValueError):
        return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=1))
    os.chmod(STATE_FILE, 0o600)


def iter_records(folder):
    for path in sorted(Path(folder).glob("*.json")):
        try:
            rec = json.loads(path.read_text())
        except ValueError as exc:
            log.error("%s: invalid JSON (%s)", path.name, exc)
            continue
        missing = [k for k in REQUIRED if k not in rec]
        if missing:
            log.error("%s: missing %s", path.name, ", ".join(missing))
            continue
        yield path, rec


def main(argv=None):
    ap = argparse.ArgumentParser(description="Upload saddle fitting records")
    ap.add_argument("folder", nargs="?", default="fittings")
    ap.add_argument("--force", action="store_true", help="re-upload everything")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("SADDLEFIT_API_KEY")
    if not key:
        log.error("SADDLEFIT_API_KEY is not set")
        return 2

    up = Uploader(key)
    state = load_state()
    sent = failed = 0
    for path, rec in iter_records(args.folder):
        digest = hashlib.md5(path.read_bytes()).hexdigest()
        if not args.force and state.get(rec["fitting_id"]) == digest:
            continue
        if up.put_record(rec):
            state[rec["fitting_id"]] = digest
            sent += 1
        else:
            failed += 1
    save_state(state)
    log.info("uploaded %d fitting(s), %d failed", sent, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
