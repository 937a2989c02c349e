#!/usr/bin/env python3
"""Mount the school's shared music library (NFS) on a teacher laptop.

Teachers run this when they arrive; it mounts the library read-only and the
recordings share read-write, and unmounts both with --unmount.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("mount_library")

NAS_HOST = os.environ.get("MUSIC_NAS", "192.0.2.40")

SHARES = [
    {"remote": "/export/library", "local": "/mnt/music-library", "opts": "ro,soft,timeo=50"},
    {"remote": "/export/recordings", "local": "/mnt/recordings", "opts": "rw,soft,timeo=50"},
]


def run(cmd, check=True):
    log.debug("+ %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def as_root(cmd):
    return cmd if os.geteuid() == 0 else ["sudo", "-n"] + cmd


def is_mounted(path):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == path for line in fh)


def nas_reachable(host):
    result = run(["ping", "-c", "1", "-W", "2", host], check=False)
    return result.returncode == 0


def mount_all(host):
    for share in SHARES:
        local = share["local"]
        if is_mounted(local):
            log.info("%s already mounted", local)
            continue
        if not Path(local).is_dir():
            run(as_root(["mkdir", "-p", local]))
        src = f"{host}:{share['remote']}"
        try:
            run(as_root(["mount", "-t", "nfs", "-o", share["opts"], src, local]))
            log.info("mounted %s on %s", src, local)
        except subprocess.CalledProcessError as exc:
            log.error("mount of %s failed: %s", src, exc.stderr.strip())


def unmount_all():
    for share in reversed(SHARES):
        local = share["local"]
        if is_mounted(local):
            run(as_root(["umount", local]), check=False)
            log.info("unmounted %s", local)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default=NAS_HOST)
    parser.add_argument("--unmount", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.unmount:
        unmount_all()
        return 0

    if not nas_reachable(args.host):
        log.error("NAS %s not reachable; are you on the school Wi-Fi?", args.host)
        return 1
    mount_all(args.host)
    return 0


if __name__ == "__main__":
    sys.exit(main())
