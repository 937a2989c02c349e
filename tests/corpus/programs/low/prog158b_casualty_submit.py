#!/usr/bin/env python3
"""Casualty report submission.

Sends a completed casualty report form (JSON from the field tablet) plus
any photos of the scene to the team's incident records API. A local copy
of exactly what was sent is kept in ./submitted, readable only by the
account that sent it, since the reports contain medical details.
"""
import argparse
import base64
import json
import logging
import os
import tempfile
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("casualty_submit")

API_BASE = "https://incidents.example.com/api/v3"
SUBMITTED = Path("submitted")
MAX_PHOTO_BYTES = 8 * 1024 * 1024
REQUIRED = ("incident", "casualty_ref", "time", "location", "injuries")


class SubmitError(Exception):
    pass


def load_report(path):
    report = json.loads(Path(path).read_text())
    missing = [k for k in REQUIRED if not report.get(k)]
    if missing:
        raise SubmitError("report is missing: " + ", ".join(missing))
    return report


def encode_photos(paths):
    photos = []
    for p in map(Path, paths):
        size = p.stat().st_size
        if size > MAX_PHOTO_BYTES:
            log.warning("%s is %d bytes, too big, skipped", p.name, size)
            continue
        photos.append({
            "filename": p.name,
            "content_type": "image/jpeg",
            "data": base64.b64encode(p.read_bytes()).decode("ascii"),
        })
    return photos


def keep_local_copy(payload):
    """Write atomically into ./submitted with owner-only permissions."""
    SUBMITTED.mkdir(exist_ok=True)
    final = SUBMITTED / f"{payload['report']['casualty_ref']}.json"
    fd, tmp = tempfile.mkstemp(dir=SUBMITTED, suffix=".part")
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(payload, fh, indent=2)
        os.chmod(tmp, 0o600)
        os.replace(tmp, final)
    except Exception:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return final


def submit(payload, api_key, retries=3):
    url = f"{API_BASE}/incidents/{payload['report']['incident']}/casualties"
    headers = {"Authorization": f"Bearer {api_key}"}
    last = None
    for attempt in range(1, retries + 1):
        try:
            resp = requests.post(url, json=payload, headers=headers, timeout=30)
            if resp.status_code == 409:
                raise SubmitError("this casualty report was already submitted")
            resp.raise_for_status()
            return resp.json().get("record_id")
        except requests.RequestException as exc:
            last = exc
            log.warning("attempt %d failed: %s", attempt, exc)
    raise SubmitError(f"gave up after {retries} attempts: {last}")


def main():
    ap = argparse.ArgumentParser(description="Submit a casualty report")
    ap.add_argument("report", help="casualty report JSON")
    ap.add_argument("photos", nargs="*", help="scene photos (jpg)")
    ap.add_argument("--author", default=os.environ.get("USER", "unknown"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("INCIDENTS_API_KEY")
    if not api_key:
        raise SystemExit("INCIDENTS_API_KEY is not set")
    try:
        report = load_report(args.report)
        payload = {
            "report": report,
            "photos": encode_photos(args.photos),
            "author": args.author,
            "submitted_at": datetime.now(timezone.utc).isoformat(),
        }
        record_id = submit(payload, api_key)
    except (OSError, ValueError, SubmitError) as exc:
        log.error("%s", exc)
        return 1
    copy = keep_local_copy(payload)
    log.info("submitted as record %s, local copy %s", record_id, copy)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
