#!/usr/bin/env python3
"""Package ECG strips and scene photos as attachments for an ePCR.

Crews export 12-lead strips (PDF) and photos from the tablet into a folder
named after the incident. This tool bundles them into the JSON attachment
format the ePCR vendor API expects (base64 bodies) and uploads them to
that incident's record.
"""

import argparse
import base64
import json
import logging
import mimetypes
import os
import sys
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("pcr-attach")

API_URL = os.environ.get("EPCR_API_URL", "https://epcr.example.com/api/v3")
MAX_BYTES = 15 * 1024 * 1024
ALLOWED = {".pdf", ".jpg", ".jpeg", ".png"}


def gather(folder):
    files = []
    for p in sorted(Path(folder).iterdir()):
        if p.suffix.lower() not in ALLOWED or not p.is_file():
            continue
        if p.stat().st_size > MAX_BYTES:
            log.warning("skipping %s: larger than %d bytes", p.name, MAX_BYTES)
            continue
        files.append(p)
    return files


def encode(path):
    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return {
        "filename": path.name,
        "content_type": mime,
        "data": base64.b64encode(path.read_bytes()).decode("ascii"),
    }


class Packager:
    def __init__(self, incident, folder):
        self.incident = incident
        self.folder = folder

    def build(self):
        items = [encode(p) for p in gather(self.folder)]
        return {"incident": self.incident, "attachments": items}

    def write_local(self, package, out_dir="."):
        # write atomically through a private temp file, then rename
        fd, tmp = tempfile.mkstemp(prefix=".pcr-", suffix=".json", dir=out_dir)
        with os.fdopen(fd, "w") as fh:
            json.dump(package, fh)
        final = os.path.join(out_dir, f"attachments_{self.incident}.json")
        os.replace(tmp, final)
        os.chmod(final, 0o600)
        return final


def upload(package, token):
    url = f"{API_URL}/incidents/{package['incident']}/attachments"
    resp = requests.post(url, json=package,
                         headers={"Authorization": f"Bearer {token}"}, timeout=60)
    if resp.status_code == 409:
        log.info("attachments already present for %s", package["incident"])
        return True
    resp.raise_for_status()
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("incident", help="incident number, e.g. 2024-118734")
    ap.add_argument("folder", help="folder with the exported strips/photos")
    ap.add_argument("--offline", action="store_true", help="only write the JSON package")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    packager = Packager(args.incident, args.folder)
    package = packager.build()
    if not package["attachments"]:
        log.error("no attachments found in %s", args.folder)
        return 1
    path = packager.write_local(package)
    log.info("wrote %d attachments to %s", len(package["attachments"]), path)

    if args.offline:
        return 0
    token = os.environ.get("EPCR_API_TOKEN")
    if not token:
        log.error("EPCR_API_TOKEN not set; package kept at %s", path)
        return 1
    try:
        upload(package, token)
        log.info("uploaded to incident %s", args.incident)
    except requests.RequestException as exc:
        log.error("upload failed (%s); package kept at %s", exc, path)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
