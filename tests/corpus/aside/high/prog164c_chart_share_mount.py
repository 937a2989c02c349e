#!/usr/bin/env python3
"""Mount the hydrographic chart library for the chart-correction desk.

The chart library lives on the survey office NAS; this mounts it
read-only at a fixed place and checks the latest Notices to Mariners
folder is visible.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("chart_mount")

NAS_EXPORT = os.environ.get("CHART_NAS_EXPORT", "192.0.2.40:/export/charts")
MOUNT_POINT = Path(os.environ.get("CHART_MOUNT_POINT", "/mnt/charts"))
MOUNT_OPTS = "ro,hard,timeo=600,retrans=2,vers=4.1"


def is_mounted(point):
    try:
        with open("/proc/mounts") as fh:
            return any(line.split()[1] == str(point) for line in fh)
    except OSError:
        return False


def sudo(*cmd):
    full = ["sudo", *cmd]
    log.debug("run %s", " ".join(full))
    return subprocess.run(full, check=True, capture_output=True, text=True)


def mount_share(export, point, opts):
    if is_mounted(point):
        log.info("%s already mounted", point)
        return
    if not point.exists():
        sudo("mkdir", "-p", str(point))
    log.info("mounting %s on %s", export, point)
    sudo("mount", "-t", "nfs", "-o", opts, export, str(point))


def unmount_share(point):
    if not is_mounted(point):
        log.info("%s not mounted", point)
        return
    sudo("umount", str(point))
    log.info("unmounted %s", point)


def check_notices(point):
    notices = sorted((point / "notices").glob("NM_*"), reverse=True)
    if not notices:
        log.warning("no Notices to Mariners folders under %s", point)
        return None
    latest = notices[0]
    count = sum(1 for _ in latest.glob("*.pdf"))
    log.info("latest notices: %s (%d PDFs)", latest.name, count)
    return latest


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=["mount", "umount", "check"], nargs="?",
                        default="mount")
    parser.add_argument("--export", default=NAS_EXPORT)
    parser.add_argument("--mount-point", type=Path, default=MOUNT_POINT)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        if args.action == "mount":
            mount_share(args.export, args.mount_point, MOUNT_OPTS)
            check_notices(args.mount_point)
        elif args.action == "umount":
            unmount_share(args.mount_point)
        else:
            if not is_mounted(args.mount_point):
                log.error("chart library not mounted")
                return 1
            check_notices(args.mount_point)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", exc.stderr.strip() if exc.stderr else exc)
        return exc.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
