#!/usr/bin/env python3
"""Upload equine radiograph studies from the portable DR unit to the cloud PACS.

Each study folder (one per horse per visit) holds DICOM or JPEG exports plus a
study.json written by the acquisition software.  Studies are uploaded one at a
time; successful ones are recorded in uploaded.log so reruns skip them.
"""

import argparse
import json
import logging
import os
import platform
import socket
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("xray-upload")
API_BASE = os.environ.get("EQUIPACS_URL", "https://pacs.equiimg.example/api/v1")
IMAGE_SUFFIXES = {".dcm", ".jpg", ".jpeg", ".png"}


class DeviceProfile:
    """Describes the uploading workstation so support can match studies to kit."""

    def __init__(self):
        self.data = {
            "host": socket.gethostname(),
            "os": platform.platform(),
            "python": platform.python_version(),
        }
        self.data.update(self._os_release())

    @staticmethod
    def _os_release():
        info = {}
        try:
            for line in Path("/etc/os-release").read_text().splitlines():
                key, _, value = line.partition("=")
                if key in ("ID", "VERSION_ID"):
                    info[key.lower()] = value.strip('"')
        except OSError:
            pass
        return info

    def as_json(self):
        return json.dumps(self.data)


class StudyUploader:
    def __init__(self, api_key, profile, dry_run=False):
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}",
                                     "User-Agent": "equipacs-uploader/1.8"})
        self.profile = profile
        self.dry_run = dry_run

    def upload(self, study_dir):
        meta = json.loads((study_dir / "study.json").read_text())
        images = sorted(p for p in study_dir.iterdir()
                        if p.suffix.lower() in IMAGE_SUFFIXES)
        if not images:
            LOG.warning("%s: no images, skipping", study_dir.name)
            return False
        if self.dry_run:
            LOG.info("[dry-run] would upload %s (%d images)", study_dir.name, len(images))
            return True
        files = [("images", (p.name, p.open("rb"))) for p in images]
        form = {"study": json.dumps(meta), "device_profile": self.profile.as_json()}
        try:
            for attempt in range(1, 4):
                try:
                    r = self.session.post(f"{API_BASE}/studies", data=form,
                                          files=files, timeout=120)
                    r.raise_for_status()
                    LOG.info("%s uploaded as %s", study_dir.name, r.json().get("id"))
                    return True
                except requests.RequestException as exc:
                    LOG.warning("%s attempt %d failed: %s", study_dir.name, attempt, exc)
                    for _, (_, fh) in files:
                        fh.seek(0)
                    time.sleep(5 * attempt)
            return False
        finally:
            for _, (_, fh) in files:
                fh.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", type=Path, help="folder containing study folders")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("EQUIPACS_API_KEY")
    if not api_key:
        LOG.error("EQUIPACS_API_KEY is not set")
        return 2

    done_log = Path("uploaded.log")
    done = set(done_log.read_text().split()) if done_log.exists() else set()
    uploader = StudyUploader(api_key, DeviceProfile(), args.dry_run)
    failures = 0
    for study in sorted(p for p in args.root.iterdir() if (p / "study.json").exists()):
        if study.name in done:
            continue
        if uploader.upload(study):
            if not args.dry_run:
                with done_log.open("a") as fh:
                    fh.write(study.name + "\n")
        else:
            failures += 1
    LOG.info("finished, %d failures", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
