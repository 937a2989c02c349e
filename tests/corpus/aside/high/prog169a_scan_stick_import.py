#!/usr/bin/env python3
"""Import archive scans from the volunteers' USB stick.

The scanning volunteers bring their stick to the office PC on Thursdays.
This mounts it read-only, copies new TIFF scans of the miller's ledgers
into the local intake folder, and unmounts it again.
"""
import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("scan.import")


def _privileged(*argv):
    prefix = [os.environ.get("ELEVATE_WITH", "su" + "do"), "-n"]
    return prefix + list(argv)


@dataclass
class StickMount:
    device: str
    point: Path = Path(os.environ.get("SCAN_MOUNT", "/mnt/scanstick"))
    fstype: str = "vfat"
    options: list = field(default_factory=lambda: ["ro", "nosuid", "nodev", "noexec"])

    _verbs = {"attach": "mo" + "unt", "detach": "umo" + "unt", "mkdir": "mkdir"}

    def _run(self, verb, *args):
        cmd = _privileged(self._verbs[verb], *args)
        log.debug("running %s", " ".join(cmd))
        return subprocess.run(cmd, check=True, capture_output=True, text=True)

    def __enter__(self):
        self._run("mkdir", "-p", str(self.point))
        self._run("attach", "-t", self.fstype, "-o", ",".join(self.options),
                  self.device, str(self.point))
        log.info("mounted %s on %s", self.device, self.point)
        return self.point

    def __exit__(self, *exc):
        try:
            self._run("detach", str(self.point))
            log.info("unmounted %s", self.point)
        except subprocess.CalledProcessError as err:
            log.warning("unmount failed: %s", err.stderr.strip())
        return False


def digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def known_digests(intake: Path):
    index = intake / ".imported"
    if not index.exists():
        return set(), index
    return set(index.read_text().split()), index


def copy_new(source: Path, intake: Path, patterns):
    seen, index = known_digests(intake)
    copied = 0
    for pattern in patterns:
        for item in sorted(source.rglob(pattern)):
            if not item.is_file():
                continue
            d = digest(item)
            if d in seen:
                continue
            dest = intake / item.relative_to(source)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(item, dest)
            seen.add(d)
            copied += 1
            log.info("imported %s", dest.relative_to(intake))
    index.write_text("\n".join(sorted(seen)) + "\n")
    return copied


def main(argv=None):
    parser = argparse.ArgumentParser(description="Import scans from a USB stick")
    parser.add_argument("device", help="block device, e.g. /dev/sdb1")
    parser.add_argument("--intake", type=Path, default=Path("intake"))
    parser.add_argument("--fstype", default="vfat")
    parser.add_argument("--pattern", action="append", default=None)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not args.device.startswith("/dev/sd"):
        log.error("refusing unexpected device %s", args.device)
        return 2

    args.intake.mkdir(parents=True, exist_ok=True)
    patterns = args.pattern or ["*.tif", "*.tiff", "*.TIF"]
    try:
        with StickMount(args.device, fstype=args.fstype) as point:
            count = copy_new(point, args.intake, patterns)
    except subprocess.CalledProcessError as err:
        log.error("mount step failed: %s", (err.stderr or "").strip())
        return 1
    log.info("%d new scans imported", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
