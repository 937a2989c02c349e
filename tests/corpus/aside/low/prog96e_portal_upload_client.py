#!/usr/bin/env python3
"""Watch a delivery folder and upload finished translations to the client portal.

Files dropped into ./outbox/<job-id>/ are uploaded to the portal job with the
same id, then moved to ./sent/ together with the portal's receipt.

Environment: PORTAL_API_KEY, PORTAL_URL (default https://portal.example.com/api)
"""
import argparse
import base64
import json
import logging
import os
import shutil
import time
from pathlib import Path

import requests

log = logging.getLogger("portal-upload")


class PortalClient:
    def __init__(self, base_url, api_key):
        self.base_url = base_url.rstrip("/")
        self.s = requests.Session()
        self.s.headers["X-Api-Key"] = api_key

    def job_open(self, job_id):
        r = self.s.get(f"{self.base_url}/jobs/{job_id}", timeout=20)
        if r.status_code == 404:
            return False
        r.raise_for_status()
        return r.json().get("status") in ("open", "in_review")

    def upload(self, job_id, path):
        payload = {
            "filename": path.name,
            "content_b64": base64.b64encode(path.read_bytes()).decode(),
        }
        r = self.s.post(f"{self.base_url}/jobs/{job_id}/files", json=payload, timeout=60)
        r.raise_for_status()
        return r.json()


def scan_outbox(outbox):
    for job_dir in sorted(p for p in outbox.iterdir() if p.is_dir()):
        for f in sorted(job_dir.iterdir()):
            if f.is_file() and not f.name.startswith("."):
                yield job_dir.name, f


def write_receipt(dest, name, info):
    receipt = dest / (name + ".receipt.json")
    receipt.write_text(json.dumps(info, indent=2))
    os.chmod(receipt, 0o600)


def process_once(client, outbox, sent):
    uploaded = 0
    checked = {}
    for job_id, f in scan_outbox(outbox):
        if job_id not in checked:
            try:
                checked[job_id] = client.job_open(job_id)
            except requests.RequestException as exc:
                log.warning("%s: cannot check job status (%s)", job_id, exc)
                checked[job_id] = False
        if not checked[job_id]:
            log.warning("%s: job not open on portal, skipping %s", job_id, f.name)
            continue
        for attempt in range(3):
            try:
                info = client.upload(job_id, f)
                break
            except requests.RequestException as exc:
                log.warning("%s/%s: upload failed (%s), attempt %d", job_id, f.name, exc, attempt + 1)
                time.sleep(2 ** attempt)
        else:
            continue
        dest = sent / job_id
        dest.mkdir(parents=True, exist_ok=True)
        shutil.move(str(f), dest / f.name)
        write_receipt(dest, f.name, info)
        log.info("%s/%s uploaded (file id %s)", job_id, f.name, info.get("id"))
        uploaded += 1
    return uploaded


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--outbox", type=Path, default=Path("outbox"))
    ap.add_argument("--sent", type=Path, default=Path("sent"))
    ap.add_argument("--poll", type=int, default=20, help="seconds between scans")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    key = os.environ.get("PORTAL_API_KEY")
    if not key:
        raise SystemExit("PORTAL_API_KEY is not set")
    client = PortalClient(os.environ.get("PORTAL_URL", "https://portal.example.com/api"), key)
    args.outbox.mkdir(exist_ok=True)
    args.sent.mkdir(exist_ok=True)

    try:
        while True:
            n = process_once(client, args.outbox, args.sent)
            if n:
                log.info("uploaded %d file(s)", n)
            if args.once:
                break
            time.sleep(args.poll)
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
