#!/usr/bin/env python3
"""Import GPX tracks from a returned boat's chartplotter USB stick.

Engineers plug the stick into the yard PC; this tool mounts it, copies the
track logs into the fleet archive (working directory) and unmounts it again
so we can check whether hirers took boats off the permitted route.
"""
import argparse
import logging
import os
import pathlib
import shutil
import subprocess

log = logging.getLogger("track-import")

MOUNT_POINT = pathlib.Path(os.environ.get("PLOTTER_MOUNT", "/mnt/chartplotter"))
ARCHIVE = pathlib.Path(os.environ.get("TRACK_ARCHIVE", "tracks"))


def _elevate(cmd):
    prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
    full = prefix + cmd
    log.debug("running %s", " ".join(full))
    return subprocess.run(full, check=True, capture_output=True, text=True)


ACTIONS = {
    "prepare": lambda dev: _elevate(["mkdir", "-p", str(MOUNT_POINT)]),
    "attach": lambda dev: _elevate(["mount", "-o", "ro,uid=%d" % os.getuid(), dev, str(MOUNT_POINT)]),
    "detach": lambda dev: _elevate(["umount", str(MOUNT_POINT)]),
}


def find_device(label):
    by_label = pathlib.Path("/dev/disk/by-label") / label
    if by_label.exists():
        return str(by_label.resolve())
    return None


def copy_tracks(boat):
    dest = ARCHIVE / boat
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for gpx in MOUNT_POINT.rglob("*.gpx"):
        target = dest / gpx.name
        if target.exists() and target.stat().st_size == gpx.stat().st_size:
            continue
        shutil.copy2(gpx, target)
        copied += 1
    return copied


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("boat", help="boat name, e.g. Kingfisher")
    ap.add_argument("--device", help="block device; default is found by label")
    ap.add_argument("--label", default="PLOTTER")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    dev = args.device or find_device(args.label)
    if not dev:
        log.error("no chartplotter stick labelled %s found", args.label)
        return 1

    ACTIONS["prepare"](dev)
    ACTIONS["attach"](dev)
    try:
        n = copy_tracks(args.boat)
        log.info("copied %d new track files for %s", n, args.boat)
    finally:
        ACTIONS["detach"](dev)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
