#!/usr/bin/env python3
"""Import the smart-locker audit log from its USB stick.

The locker controller in the luggage room writes its open/close events to
a USB stick. Housekeeping plugs the stick into the office PC once a week;
this tool mounts it, copies the event files into the reports folder and
unmounts it again.
"""

import argparse
import csv
import logging
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("locker_import")

MOUNT_POINT = Path("/mnt/locker-usb")
DEFAULT_DEVICE = "/dev/disk/by-label/LOCKERLOG"
REPORT_DIR = Path("reports/lockers")


def sudo(*cmd: str, check: bool = True) -> subprocess.CompletedProcess:
    full = ["sudo", "-n", *cmd]
    log.debug("running %s", " ".join(full))
    return subprocess.run(full, check=check, capture_output=True, text=True)


def mount_stick(device: str) -> None:
    sudo("mkdir", "-p", str(MOUNT_POINT))
    result = sudo("mount", "-o", "ro,noexec,nosuid", device, str(MOUNT_POINT),
                  check=False)
    if result.returncode != 0 and "already mounted" not in result.stderr:
        raise RuntimeError(f"mount failed: {result.stderr.strip()}")
    log.info("mounted %s on %s", device, MOUNT_POINT)


def unmount_stick() -> None:
    result = sudo("umount", str(MOUNT_POINT), check=False)
    if result.returncode != 0:
        log.warning("umount failed: %s", result.stderr.strip())


def copy_events(dest: Path) -> list:
    dest.mkdir(parents=True, exist_ok=True)
    copied = []
    for src in sorted(MOUNT_POINT.glob("events_*.csv")):
        target = dest / src.name
        if target.exists() and target.stat().st_size == src.stat().st_size:
            continue
        shutil.copy2(src, target)
        copied.append(target)
        log.info("copied %s", src.name)
    return copied


def summarise(files: list) -> dict:
    per_locker = {}
    for path in files:
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                locker = row.get("locker_id", "?")
                per_locker[locker] = per_locker.get(locker, 0) + 1
    return per_locker


def write_summary(counts: dict, dest: Path) -> Path:
    out = dest / f"summary_{datetime.now():%Y%m%d}.csv"
    with out.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["locker_id", "events"])
        for locker, n in sorted(counts.items()):
            writer.writerow([locker, n])
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description="import locker audit log from USB")
    parser.add_argument("--device", default=DEFAULT_DEVICE)
    parser.add_argument("--dest", type=Path, default=REPORT_DIR)
    parser.add_argument("--keep-mounted", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.device).exists():
        log.error("device %s not present, is the stick plugged in?", args.device)
        return 1

    try:
        mount_stick(args.device)
        copied = copy_events(args.dest)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("%s", exc)
        return 1
    finally:
        if not args.keep_mounted:
            unmount_stick()

    if not copied:
        log.info("no new event files")
        return 0
    summary = write_summary(summarise(copied), args.dest)
    log.info("summary written to %s", summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
