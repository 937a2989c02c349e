#!/usr/bin/env python3
"""Job photo backup.

Installers drop before/after photos from the shop tablet into ./intake,
named <job>_<stage>_<n>.jpg (e.g. J20417_before_03.jpg). This script groups
them by job number, zips each job's photos and uploads the zip to the
WrapDesk job archive, so damage claims and warranty disputes have the
pre-install condition on record.

Environment:
    WRAPDESK_API_KEY   archive API key (required)
    WRAPDESK_API_URL   default https://api.wrapdesk.io/v1
"""
import argparse
import hashlib
import json
import logging
import os
import re
import sys
import time
import zipfile
from collections import defaultdict
from pathlib import Path

import requests

LOG = logging.getLogger("photo-backup")
NAME_RE = re.compile(r"^(?P<job>J\d{4,6})_(?P<stage>before|during|after)_(?P<n>\d+)\.(jpe?g|png|heic)$", re.I)
STATE_FILE = Path(".photo_backup_state.json")


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {"uploaded": {}}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2, sort_keys=True))
    os.chmod(STATE_FILE, 0o600)


def group_photos(intake):
    jobs = defaultdict(list)
    for path in sorted(Path(intake).iterdir()):
        m = NAME_RE.match(path.name)
        if not m:
            if path.is_file():
                LOG.debug("skipping %s (name does not match)", path.name)
            continue
        jobs[m.group("job").upper()].append(path)
    return jobs


def cache_key(paths):
    h = hashlib.md5()
    for p in paths:
        st = p.stat()
        h.update(f"{p.name}:{st.st_size}:{int(st.st_mtime)}".encode())
    return h.hexdigest()


def build_zip(job, paths, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{job}.zip"
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_STORED) as zf:
        for p in paths:
            zf.write(p, arcname=p.name)
    return target


class ArchiveClient:
    def __init__(self, base_url, api_key, timeout=60):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {api_key}"
        self.timeout = timeout

    def upload(self, job, zip_path, count):
        url = f"{self.base_url}/jobs/{job}/photos"
        for attempt in range(1, 4):
            try:
                with zip_path.open("rb") as fh:
                    resp = self.session.post(
                        url, files={"archive": (zip_path.name, fh, "application/zip")},
                        data={"count": str(count)}, timeout=self.timeout)
                resp.raise_for_status()
                return resp.json().get("archive_id")
            except requests.RequestException as exc:
                LOG.warning("upload of %s failed (attempt %d): %s", job, attempt, exc)
                time.sleep(3 * attempt)
        return None


def main():
    ap = argparse.ArgumentParser(description="Zip and upload job photos")
    ap.add_argument("--intake", default="intake")
    ap.add_argument("--out", default="archive")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("WRAPDESK_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("WRAPDESK_API_KEY is not set")
        return 1
    client = ArchiveClient(os.environ.get("WRAPDESK_API_URL", "https://api.wrapdesk.io/v1"),
                           api_key or "")

    state = load_state()
    jobs = group_photos(args.intake)
    LOG.info("%d jobs with photos in %s", len(jobs), args.intake)
    failures = 0
    for job, paths in jobs.items():
        key = cache_key(paths)
        if state["uploaded"].get(job) == key:
            LOG.debug("%s unchanged since last upload", job)
            continue
        zip_path = build_zip(job, paths, Path(args.out))
        if args.dry_run:
            LOG.info("would upload %s (%d photos)", zip_path, len(paths))
            continue
        archive_id = client.upload(job, zip_path, len(paths))
        if archive_id:
            state["uploaded"][job] = key
            LOG.info("%s archived as %s", job, archive_id)
        else:
            failures += 1
    if not args.dry_run:
        save_state(state)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
