#!/usr/bin/env python3
"""Mount the station's programme archive from the NAS and index it.

The archive of past shows lives on the NAS as an NFS export.  This tool
mounts it read-only on the playout desk, builds a small per-year index for
the producers and can unmount it again afterwards.  Run it as root.
"""
import argparse
import collections
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("archive_mount")

NFS_SOURCE = "192.0.2.20:/export/archive"
MOUNT_POINT = "/mnt/station-archive"
MOUNT_OPTS = "ro,vers=4.1,soft,timeo=50,retrans=2"
AUDIO_EXT = {".mp3", ".flac", ".wav", ".ogg"}


def is_mounted(point):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == point for line in fh if line.strip())


def run_shell(cmd, **extra_env):
    env = dict(os.environ, **extra_env)
    LOG.debug("running: %s", cmd)
    return subprocess.run(["bash", "-c", cmd], env=env, capture_output=True, text=True)


def mount_archive(source, point, opts):
    if is_mounted(point):
        LOG.info("%s already mounted", point)
        return True
    os.makedirs(point, exist_ok=True)
    res = run_shell('mount -t nfs -o "$NFS_OPTS" "$NFS_SRC" "$NFS_MNT"',
                    NFS_OPTS=opts, NFS_SRC=source, NFS_MNT=point)
    if res.returncode != 0:
        LOG.error("mount failed: %s", res.stderr.strip())
        return False
    LOG.info("mounted %s on %s", source, point)
    return True


def unmount_archive(point):
    if not is_mounted(point):
        return True
    res = run_shell('umount "$NFS_MNT"', NFS_MNT=point)
    if res.returncode != 0:
        LOG.error("umount failed: %s", res.stderr.strip())
        return False
    LOG.info("unmounted %s", point)
    return True


def build_index(point, out_file):
    per_year = collections.Counter()
    total_bytes = 0
    for path in Path(point).rglob("*"):
        if path.suffix.lower() not in AUDIO_EXT:
            continue
        year = path.relative_to(point).parts[0]
        per_year[year] += 1
        try:
            total_bytes += path.stat().st_size
        except OSError:
            pass
    index = {"source": point, "files_per_year": dict(sorted(per_year.items())),
             "total_gb": round(total_bytes / 1e9, 2)}
    with open(out_file, "w") as fh:
        json.dump(index, fh, indent=2)
    LOG.info("indexed %d files into %s", sum(per_year.values()), out_file)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", default=NFS_SOURCE)
    ap.add_argument("--mount-point", default=MOUNT_POINT)
    ap.add_argument("--index", default="archive_index.json")
    ap.add_argument("--unmount-after", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if os.geteuid() != 0:
        LOG.error("must be run as root to mount NFS")
        return 2
    if not mount_archive(args.source, args.mount_point, MOUNT_OPTS):
        return 1
    try:
        build_index(args.mount_point, args.index)
    finally:
        if args.unmount_after:
            unmount_archive(args.mount_point)
    return 0


if __name__ == "__main__":
    sys.exit(main())
