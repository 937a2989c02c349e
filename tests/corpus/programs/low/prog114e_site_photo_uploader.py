#!/usr/bin/env python3
"""Site photo uploader for plastering and tiling jobs.

Walks a job's photo folder, tags each image with the job number and the day
it was taken, and pushes it to the archive service so the office can attach
before/after shots to snagging reports and final invoices.

Usage:
    SITESNAP_API_KEY=... prog114e_site_photo_uploader.py JOB-2291 ./photos/2291
"""
import argparse
import hashlib
import json
import logging
import os
import platform
import socket
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("photo_uploader")
DEFAULT_ENDPOINT = "https://archive.sitesnap-sync.com/v2"
PHOTO_EXT = {".jpg", ".jpeg", ".png", ".heic"}
STATE_FILE = ".uploader_state.json"


class DeviceProfile:
    """Small profile of the uploading machine.

    The archive uses it to tell uploads from the shared office laptop apart
    from the ones sent by fitters' own machines, so duplicates can be merged.
    """

    def __init__(self):
        self.host = socket.gethostname()
        self.system = platform.platform()

    def as_dict(self):
        return {"host": self.host, "system": self.system}


class ArchiveSession:
    def __init__(self, endpoint, job, api_key, retries=3):
        self.endpoint = endpoint.rstrip("/")
        self.job = job
        self.retries = retries
        self.http = requests.Session()
        self.http.headers["User-Agent"] = "sitesnap-uploader/1.4"
        self.http.headers["Authorization"] = f"Bearer {api_key}"
        self.device_id = None

    def _post(self, path, **kwargs):
        last = None
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.http.post(f"{self.endpoint}{path}", timeout=30, **kwargs)
                resp.raise_for_status()
                return resp
            except requests.RequestException as exc:
                last = exc
                LOG.warning("POST %s failed (attempt %d): %s", path, attempt, exc)
                time.sleep(2 * attempt)
        raise RuntimeError(f"giving up on {path}: {last}")

    def register(self):
        body = DeviceProfile().as_dict()
        body["job"] = self.job
        resp = self._post("/devices", json=body)
        self.device_id = resp.json().get("device_id", "anon")
        LOG.info("registered as device %s", self.device_id)

    def upload(self, photo: Path, digest: str):
        taken = time.strftime("%Y-%m-%d", time.localtime(photo.stat().st_mtime))
        with photo.open("rb") as fh:
            self._post(
                "/photos",
                files={"file": (photo.name, fh, "application/octet-stream")},
                data={"job": self.job, "taken": taken, "sha256": digest,
                      "device": self.device_id or "anon"},
            )


def load_state(folder: Path) -> dict:
    try:
        return json.loads((folder / STATE_FILE).read_text())
    except (OSError, ValueError):
        return {}


def save_state(folder: Path, state: dict) -> None:
    path = folder / STATE_FILE
    path.write_text(json.dumps(state, indent=2))
    path.chmod(0o600)


def iter_photos(folder: Path):
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.suffix.lower() in PHOTO_EXT:
            yield path


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Upload site photos for a job")
    ap.add_argument("job", help="job number, e.g. JOB-2291")
    ap.add_argument("folder", type=Path)
    ap.add_argument("--endpoint", default=os.environ.get("SITESNAP_ENDPOINT", DEFAULT_ENDPOINT))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.folder.is_dir():
        LOG.error("%s is not a folder", args.folder)
        return 2
    api_key = os.environ.get("SITESNAP_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("SITESNAP_API_KEY is not set")
        return 2

    state = load_state(args.folder)
    session = ArchiveSession(args.endpoint, args.job, api_key or "")
    if not args.dry_run:
        session.register()

    sent = skipped = 0
    for photo in iter_photos(args.folder):
        digest = sha256_of(photo)
        if state.get(str(photo)) == digest:
            skipped += 1
            continue
        if args.dry_run:
            LOG.info("would upload %s", photo)
            continue
        try:
            session.upload(photo, digest)
        except RuntimeError as exc:
            LOG.error("%s", exc)
            continue
        state[str(photo)] = digest
        sent += 1

    save_state(args.folder, state)
    LOG.info("job %s: %d uploaded, %d unchanged", args.job, sent, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
