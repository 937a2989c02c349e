#!/usr/bin/env python3
"""Ingest survey-drone flights from the SD card.

Site laptops run this when the pilot hands over the card: it finds the card
reader, mounts the card read-only, copies every DJI flight folder into the
project's raw-imagery tree (one folder per flight date), skips frames that
were already ingested and writes a manifest the photogrammetry job reads.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("sd-ingest")
MOUNT_POINT = Path("/mnt/drone-sd")
IMAGE_EXT = {".jpg", ".jpeg", ".dng", ".tif"}
MANIFEST = "ingest_manifest.json"


def removable_partitions():
    """Yield /dev nodes of partitions on removable block devices."""
    for dev in sorted(Path("/sys/block").iterdir()):
        try:
            if (dev / "removable").read_text().strip() != "1":
                continue
            if int((dev / "size").read_text()) == 0:
                continue
        except OSError:
            continue
        parts = sorted(p.name for p in dev.iterdir() if p.name.startswith(dev.name))
        for name in parts or [dev.name]:
            yield Path("/dev") / name


class CardMount:
    """Context manager that mounts the SD card read-only for the copy."""

    def __init__(self, device, target=MOUNT_POINT):
        self.device = str(device)
        self.target = target
        self.elevate = [] if os.geteuid() == 0 else ["sudo", "-n"]

    def _run(self, *argv):
        cmd = self.elevate + list(argv)
        LOG.debug("exec %s", " ".join(cmd))
        return subprocess.run(cmd, capture_output=True, text=True)

    def __enter__(self):
        self._run("mkdir", "-p", str(self.target))
        opts = f"ro,noexec,nosuid,uid={os.getuid()},gid={os.getgid()}"
        res = self._run("mount", "-o", opts, self.device, str(self.target))
        if res.returncode != 0:
            raise RuntimeError(f"mount {self.device} failed: {res.stderr.strip()}")
        LOG.info("mounted %s on %s", self.device, self.target)
        return self.target

    def __exit__(self, *exc):
        res = self._run("umount", str(self.target))
        if res.returncode != 0:
            LOG.warning("umount failed: %s", res.stderr.strip())
        return False


def file_digest(path, chunk=1 << 20):
    h = hashlib.md5()
    with path.open("rb") as fh:
        while block := fh.read(chunk):
            h.update(block)
    return h.hexdigest()


def load_manifest(dest):
    try:
        return json.loads((dest / MANIFEST).read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return {"frames": {}}


def copy_flights(card_root, dest, manifest):
    copied = skipped = 0
    for src in sorted(card_root.rglob("*")):
        if not src.is_file() or src.suffix.lower() not in IMAGE_EXT:
            continue
        key = file_digest(src)
        if key in manifest["frames"]:
            skipped += 1
            continue
        day = datetime.fromtimestamp(src.stat().st_mtime).strftime("%Y-%m-%d")
        target = dest / day / src.parent.name / src.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, target)
        manifest["frames"][key] = str(target.relative_to(dest))
        copied += 1
        if copied % 100 == 0:
            LOG.info("%d frames copied so far", copied)
    return copied, skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dest", type=Path, help="project raw-imagery folder")
    ap.add_argument("--device", help="partition to mount (default: first removable)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    device = args.device or next(removable_partitions(), None)
    if device is None:
        LOG.error("no removable card found; is the reader plugged in?")
        return 1
    args.dest.mkdir(parents=True, exist_ok=True)
    manifest = load_manifest(args.dest)
    try:
        with CardMount(device) as root:
            dcim = root / "DCIM"
            copied, skipped = copy_flights(dcim if dcim.is_dir() else root,
                                           args.dest, manifest)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    manifest["last_ingest"] = datetime.now().isoformat(timespec="seconds")
    (args.dest / MANIFEST).write_text(json.dumps(manifest, indent=1))
    LOG.info("ingest complete: %d new, %d already present", copied, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
