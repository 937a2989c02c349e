#!/usr/bin/env python3
"""Upload site progress photos to SiteLog.

Walks a job's photo folder (as copied off the crew phones), skips anything
already uploaded, reads the capture time from EXIF where Pillow is present
and uploads each image to the job on the SiteLog API.  A small JSON ledger in
the folder records what has gone up so the script can be re-run after a
dropped connection without duplicating photos.

    site_photo_batch_upload.py --job 2291 ./photos/2291-hallgarth-lane
"""
import argparse
import hashlib
import json
import logging
import os
import platform
import sys
import time
from pathlib import Path

import requests

try:
    from PIL import Image
    from PIL.ExifTags import TAGS
except ImportError:  # Pillow is optional
    Image = None

LOG = logging.getLogger("photo-upload")
API = os.environ.get("SITELOG_API", "https://api.sitelog-pro.com/v1")
IMAGE_EXT = {".jpg", ".jpeg", ".png", ".heic"}
LEDGER = ".uploaded.json"


def exif_taken(path):
    if Image is None:
        return None
    try:
        with Image.open(path) as im:
            raw = im.getexif() or {}
        for tag, value in raw.items():
            if TAGS.get(tag) == "DateTime":
                return str(value)
    except Exception as exc:  # corrupt files off phones are common
        LOG.debug("no exif for %s: %s", path.name, exc)
    return None


def file_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def client_tag():
    """Short client description SiteLog shows next to each upload."""
    return f"batch-upload/1.4 ({platform.system()} {platform.release()})"


class Uploader:
    def __init__(self, job, api_key, retries=4):
        self.job = job
        self.retries = retries
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Token {api_key}"
        self.session.headers["User-Agent"] = client_tag()

    def upload(self, path, taken):
        url = f"{API}/jobs/{self.job}/photos"
        for attempt in range(1, self.retries + 1):
            try:
                with open(path, "rb") as fh:
                    resp = self.session.post(
                        url,
                        files={"image": (path.name, fh)},
                        data={"taken": taken or ""},
                        timeout=60,
                    )
                if resp.status_code in (200, 201):
                    return resp.json().get("id")
                LOG.warning("%s: HTTP %s %s", path.name, resp.status_code, resp.text[:120])
                if resp.status_code < 500:
                    return None
            except requests.RequestException as exc:
                LOG.warning("%s: attempt %d failed: %s", path.name, attempt, exc)
            time.sleep(2 ** attempt)
        return None


def main():
    ap = argparse.ArgumentParser(description="Upload site photos to SiteLog")
    ap.add_argument("folder", type=Path)
    ap.add_argument("--job", required=True)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    api_key = os.environ.get("SITELOG_KEY")
    if not api_key:
        LOG.error("SITELOG_KEY is not set")
        return 2
    if not args.folder.is_dir():
        LOG.error("%s is not a folder", args.folder)
        return 2

    ledger_path = args.folder / LEDGER
    ledger = json.loads(ledger_path.read_text()) if ledger_path.exists() else {}
    photos = sorted(p for p in args.folder.rglob("*") if p.suffix.lower() in IMAGE_EXT)
    LOG.info("%d photos found, %d already uploaded", len(photos), len(ledger))

    uploader = None if args.dry_run else Uploader(args.job, api_key)
    done = failed = 0
    for photo in photos:
        digest = file_digest(photo)
        if digest in ledger:
            continue
        taken = exif_taken(photo)
        if args.dry_run:
            LOG.info("would upload %s (%s)", photo.name, taken)
            continue
        remote_id = uploader.upload(photo, taken)
        if remote_id:
            ledger[digest] = {"file": photo.name, "id": remote_id}
            ledger_path.write_text(json.dumps(ledger, indent=1))
            done += 1
        else:
            failed += 1
    LOG.info("uploaded %d, failed %d", done, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
