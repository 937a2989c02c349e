#!/usr/bin/env python3
"""Copy inspection logs off the inspectors' rugged tablets.

The tablets export to an SD card labelled INSPECT.  When the card is put in
the depot PC's reader this script mounts it, copies any new inspection CSVs
and photos into the depot's logs/ folder (sorted by unit), and unmounts the
card so it can go straight back into the tablet.

    inspection_tablet_import.py --dest logs/ [--label INSPECT]
"""
import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("tablet_import")

BY_LABEL = Path("/dev/disk/by-label")
WANTED = {".csv": "csv", ".jpg": "photos", ".jpeg": "photos", ".pdf": "certs"}


def find_card(label):
    dev = BY_LABEL / label
    if dev.exists():
        return dev.resolve()
    for entry in BY_LABEL.glob("*") if BY_LABEL.is_dir() else []:
        if entry.name.upper() == label.upper():
            return entry.resolve()
    return None


def run(cmd):
    log.debug("+ %s", " ".join(cmd))
    subprocess.run(cmd, check=True, capture_output=True, text=True)


class MountedCard:
    """Context manager that mounts the card read-only for the current user."""

    def __init__(self, device):
        self.device = str(device)
        self.mountpoint = None

    def __enter__(self):
        self.mountpoint = tempfile.mkdtemp(prefix="inspect-card-")
        opts = f"ro,nosuid,nodev,noexec,uid={os.getuid()},gid={os.getgid()}"
        try:
            run(["sudo", "mount", "-t", "vfat", "-o", opts, self.device, self.mountpoint])
        except subprocess.CalledProcessError as exc:
            os.rmdir(self.mountpoint)
            raise RuntimeError(f"mount failed: {exc.stderr.strip()}") from exc
        return Path(self.mountpoint)

    def __exit__(self, *exc):
        try:
            run(["sync"])
            run(["sudo", "umount", self.mountpoint])
        except subprocess.CalledProcessError as e:
            log.warning("unmount failed, remove the card carefully: %s", e.stderr.strip())
            return False
        os.rmdir(self.mountpoint)
        return False


def sha1_of(path):
    h = hashlib.sha1()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def copy_new(src_root, dest):
    copied = skipped = 0
    for p in src_root.rglob("*"):
        kind = WANTED.get(p.suffix.lower())
        if not kind or not p.is_file():
            continue
        unit = p.parent.name.upper() if p.parent != src_root else "UNSORTED"
        target = dest / kind / unit / p.name
        if target.exists() and sha1_of(target) == sha1_of(p):
            skipped += 1
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(p, target)
        copied += 1
    return copied, skipped


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dest", type=Path, default=Path("logs"))
    ap.add_argument("--label", default="INSPECT")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    device = find_card(args.label)
    if device is None:
        log.error("no card labelled %s found; is it in the reader?", args.label)
        return 1
    log.info("found %s at %s", args.label, device)
    try:
        with MountedCard(device) as root:
            copied, skipped = copy_new(root, args.dest)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    log.info("copied %d new files, %d already present", copied, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
