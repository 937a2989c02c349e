#!/usr/bin/env python3
"""Offload archived net-pen camera frames to the site NAS.

Copies ./archive/<pen>/<day>/ folders that are complete (older than today)
to the NAS share with rsync, verifies the file counts on the far side and
removes the local copies once they are confirmed.  The NAS share is expected
at the mount point given in nas.json (mounted by the site fstab).
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

LOG = logging.getLogger("nas-sync")
DEFAULTS = {
    "share": "//nas01.site.local/netpen",
    "mountpoint": "/mnt/netpen-archive",
    "credentials": "~/.config/netpen/nas.cred",
    "keep_local_days": 2,
}


def load_settings(path):
    settings = dict(DEFAULTS)
    if Path(path).is_file():
        settings.update(json.loads(Path(path).read_text()))
    settings["credentials"] = os.path.expanduser(settings["credentials"])
    return settings


def ensure_share(settings):
    mnt = settings["mountpoint"]
    if os.path.ismount(mnt):
        return mnt
    LOG.error("NAS share %s is not mounted at %s; ask site IT to check fstab",
              settings["share"], mnt)
    return None


def completed_days(archive, keep_days):
    today = date.today()
    for day_dir in sorted(archive.glob("*/*")):
        try:
            day = date.fromisoformat(day_dir.name)
        except ValueError:
            continue
        if (today - day).days >= keep_days:
            yield day_dir


def rsync_day(day_dir, archive, dest_root):
    rel = day_dir.relative_to(archive)
    dest = Path(dest_root) / rel
    dest.mkdir(parents=True, exist_ok=True)
    cmd = ["rsync", "-a", "--partial", "--timeout=120", f"{day_dir}/", f"{dest}/"]
    LOG.debug("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"rsync {rel} failed ({proc.returncode}): {proc.stderr.strip()}")
    local = sum(1 for _ in day_dir.glob("*.jpg"))
    remote = sum(1 for _ in dest.glob("*.jpg"))
    if remote < local:
        raise RuntimeError(f"{rel}: only {remote}/{local} frames on NAS")
    return local


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--settings", default="nas.json")
    ap.add_argument("--archive", default="archive")
    ap.add_argument("--keep-local", action="store_true", help="do not delete local copies")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if shutil.which("rsync") is None:
        LOG.error("rsync is not installed")
        return 2
    settings = load_settings(args.settings)
    dest_root = ensure_share(settings)
    if dest_root is None:
        return 1

    archive = Path(args.archive)
    moved, errors = 0, 0
    for day_dir in completed_days(archive, int(settings["keep_local_days"])):
        try:
            n = rsync_day(day_dir, archive, dest_root)
        except RuntimeError as exc:
            LOG.error("%s", exc)
            errors += 1
            continue
        moved += n
        LOG.info("%s: %d frames offloaded", day_dir.relative_to(archive), n)
        if not args.keep_local:
            shutil.rmtree(day_dir)
    LOG.info("done: %d frames offloaded, %d folders failed", moved, errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
