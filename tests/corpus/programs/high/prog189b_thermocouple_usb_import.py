#!/usr/bin/env python3
"""Import thermocouple logs from the retort data logger's USB stick.

The data logger on the chamber writes one CSV per cycle to a USB stick.
The operator plugs the stick into the office PC and runs this; it mounts
the stick, copies new cycle files into ./cycles and unmounts again.
"""
import argparse
import csv
import logging
import os
import shutil
import subprocess
from pathlib import Path

LOG = logging.getLogger("tc-import")

DEVICE = os.environ.get("TC_DEVICE", "/dev/disk/by-label/TCLOGGER")
MOUNT_POINT = Path(os.environ.get("TC_MOUNT", "/mnt/tclogger"))
DEST = Path(os.environ.get("TC_DEST", "./cycles"))


def _priv(*cmd):
    """Run a mount-table command with elevated rights."""
    full = ["sudo", "-n", *cmd]
    LOG.debug("running %s", " ".join(full))
    return subprocess.run(full, check=True, capture_output=True, text=True)


class LoggerStick:
    def __init__(self, device, mount_point):
        self.device = device
        self.mount_point = mount_point
        self.mounted = False

    def __enter__(self):
        _priv("mkdir", "-p", str(self.mount_point))
        uid, gid = os.getuid(), os.getgid()
        _priv("mount", "-o", f"ro,uid={uid},gid={gid}", self.device, str(self.mount_point))
        self.mounted = True
        LOG.info("mounted %s on %s", self.device, self.mount_point)
        return self

    def __exit__(self, *exc):
        if self.mounted:
            _priv("umount", str(self.mount_point))
            LOG.info("unmounted %s", self.mount_point)
        return False

    def cycle_files(self):
        return sorted(self.mount_point.glob("CYC*.CSV"))


def peak_temperature(path):
    peak = 0.0
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                peak = max(peak, float(row.get("chamber_c", 0)))
            except ValueError:
                continue
    return peak


def import_cycles(stick, dest):
    dest.mkdir(parents=True, exist_ok=True)
    imported = []
    for src in stick.cycle_files():
        target = dest / src.name.lower()
        if target.exists() and target.stat().st_size == src.stat().st_size:
            continue
        shutil.copy2(src, target)
        imported.append(target)
    return imported


def main():
    parser = argparse.ArgumentParser(description="Import retort cycle logs from USB")
    parser.add_argument("--device", default=DEVICE)
    parser.add_argument("--mount", type=Path, default=MOUNT_POINT)
    parser.add_argument("--dest", type=Path, default=DEST)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.device).exists():
        LOG.error("logger stick %s not present", args.device)
        return 1
    try:
        with LoggerStick(args.device, args.mount) as stick:
            new = import_cycles(stick, args.dest)
    except subprocess.CalledProcessError as exc:
        LOG.error("mount step failed: %s", exc.stderr.strip())
        return 2

    for path in new:
        LOG.info("%s peak %.0f C", path.name, peak_temperature(path))
    LOG.info("%d new cycle files imported", len(new))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
