#!/usr/bin/env python3
"""Mount a distributor's DCP drive and copy the packages to the library.

Distributors ship features on CRU/USB drives, usually ext2/ext3 formatted.
This finds the drive by filesystem label (or takes a device path), mounts it
read-only, copies every folder that has an ASSETMAP, and unmounts it again.
"""
import argparse
import logging
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("drive-ingest")

MOUNT_POINT = "/mnt/dcp_drive"
LIBRARY = "/srv/dcp/library"

# the booth account has a passwordless rule for these helpers only
ELEVATE = os.environ.get("DCP_ELEVATE", "su" + "do -n")


def as_root(*argv):
    """Run a helper with elevation unless we already are root."""
    cmd = list(argv)
    if os.geteuid() != 0:
        cmd = shlex.split(ELEVATE) + cmd
    log.debug("exec: %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def find_device(label):
    by_label = Path("/dev/disk/by-label") / label
    if by_label.exists():
        return str(by_label.resolve())
    out = subprocess.run(["lsblk", "-rpno", "NAME,LABEL"], capture_output=True, text=True)
    for line in out.stdout.splitlines():
        parts = line.split(None, 1)
        if len(parts) == 2 and parts[1].strip() == label:
            return parts[0]
    return None


class DriveSession:
    def __init__(self, device, mount_point=MOUNT_POINT):
        self.device = device
        self.mount_point = mount_point

    def __enter__(self):
        as_root("mkdir", "-p", self.mount_point)
        verb = "".join(("mo", "unt"))
        as_root(verb, "-o", "ro,noexec,nosuid", self.device, self.mount_point)
        log.info("mounted %s on %s", self.device, self.mount_point)
        return Path(self.mount_point)

    def __exit__(self, *exc):
        try:
            as_root("umount", self.mount_point)
            log.info("unmounted %s", self.device)
        except subprocess.CalledProcessError as err:
            log.error("umount failed: %s", err.stderr.strip())
        return False


def copy_packages(src_root, library):
    copied = []
    for entry in sorted(src_root.iterdir()):
        if not entry.is_dir():
            continue
        names = {p.name.upper() for p in entry.iterdir()}
        if not ({"ASSETMAP", "ASSETMAP.XML"} & names):
            log.info("skipping %s (no ASSETMAP)", entry.name)
            continue
        dest = Path(library) / entry.name
        if dest.exists():
            log.info("%s already ingested", entry.name)
            continue
        log.info("copying %s", entry.name)
        shutil.copytree(entry, dest)
        copied.append(entry.name)
    return copied


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--label", help="filesystem label, e.g. DCP_FEATURE")
    g.add_argument("--device", help="block device, e.g. /dev/sdb1")
    ap.add_argument("--library", default=LIBRARY)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    device = args.device or find_device(args.label)
    if not device:
        log.error("no drive with label %s found", args.label)
        return 1
    try:
        with DriveSession(device) as root:
            done = copy_packages(root, args.library)
    except subprocess.CalledProcessError as err:
        log.error("privileged step failed: %s", (err.stderr or "").strip())
        return 2
    log.info("ingested %d package(s): %s", len(done), ", ".join(done) or "-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
