#!/usr/bin/env python3
"""Upload proof-of-delivery photos and signatures from rider phones to PODVault.

Riders dump their shift's photos into a folder (synced from the phone).  Each
file is named <job_ref>_<n>.jpg; we group them by job, attach the GPS fix from
the sidecar JSON if one exists, and post them to the PODVault intake API.
Uploaded files are recorded in a small ledger so a rerun does not duplicate.
"""

import argparse
import json
import logging
import os
import platform
import re
import sys
from collections import defaultdict
from pathlib import Path

import requests

LOG = logging.getLogger("pod_sync")
JOB_RE = re.compile(r"^(?P<job>[A-Z]{2}\d{6})_(?P<seq>\d+)\.(jpe?g|png)$", re.I)
LEDGER = Path(".pod_uploaded.json")


class DeviceProfile:
    """Describes the uploading workstation for PODVault's support team."""

    def __init__(self):
        self.host = platform.node()
        self.os = f"{platform.system()} {platform.release()}"
        self.python = platform.python_version()

    def as_dict(self):
        return {"host": self.host, "os": self.os, "python": self.python}


def load_ledger():
    if LEDGER.exists():
        try:
            return set(json.loads(LEDGER.read_text()))
        except ValueError:
            LOG.warning("ledger unreadable, starting fresh")
    return set()


def save_ledger(done):
    LEDGER.write_text(json.dumps(sorted(done), indent=1))


def group_photos(folder):
    jobs = defaultdict(list)
    for path in sorted(Path(folder).iterdir()):
        m = JOB_RE.match(path.name)
        if m:
            jobs[m.group("job").upper()].append(path)
    return jobs


def read_fix(photo):
    sidecar = photo.with_suffix(".json")
    if sidecar.exists():
        try:
            data = json.loads(sidecar.read_text())
            return {"lat": data.get("lat"), "lon": data.get("lon"), "ts": data.get("ts")}
        except ValueError:
            pass
    return None


class PodVaultClient:
    def __init__(self, base, api_key, device=None):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers["X-Api-Key"] = api_key
        self.device = device

    def upload_job(self, job, photos, rider):
        meta = {
            "job_ref": job,
            "rider": rider,
            "fixes": [read_fix(p) for p in photos],
        }
        if self.device is not None:
            meta["device"] = self.device.as_dict()
        files = [("photos", (p.name, p.open("rb"), "image/jpeg")) for p in photos]
        try:
            resp = self.session.post(f"{self.base}/intake/pod",
                                     data={"meta": json.dumps(meta)},
                                     files=files, timeout=60)
            resp.raise_for_status()
            return resp.json().get("pod_id")
        finally:
            for _, (_, fh, _) in files:
                fh.close()


def main():
    ap = argparse.ArgumentParser(description="Upload POD photos to PODVault")
    ap.add_argument("folder", help="folder of synced rider photos")
    ap.add_argument("--rider", required=True, help="rider callsign, e.g. BK-14")
    ap.add_argument("--api", default=os.environ.get("PODVAULT_URL", "https://api.podvault.io/v1"))
    ap.add_argument("--device-info", action=argparse.BooleanOptionalAction, default=True,
                    help="send workstation details with each upload")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("PODVAULT_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("PODVAULT_API_KEY is not set")
        return 2

    done = load_ledger()
    jobs = group_photos(args.folder)
    client = PodVaultClient(args.api, api_key or "", DeviceProfile() if args.device_info else None)

    uploaded = 0
    for job, photos in jobs.items():
        if job in done:
            continue
        if args.dry_run:
            LOG.info("would upload %s (%d photos)", job, len(photos))
            continue
        try:
            pod_id = client.upload_job(job, photos, args.rider)
        except requests.RequestException as exc:
            LOG.error("upload of %s failed: %s", job, exc)
            continue
        LOG.info("%s -> %s", job, pod_id)
        done.add(job)
        uploaded += 1
        save_ledger(done)

    LOG.info("%d jobs uploaded, %d already done", uploaded, len(done) - uploaded)
    return 0


if __name__ == "__main__":
    sys.exit(main())
