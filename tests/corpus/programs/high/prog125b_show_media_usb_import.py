#!/usr/bin/env python3
"""Import projection and sound media for the puppet show from a USB stick.

The designer ships each update on a labelled stick (label ``SHOWMEDIA``).
This finds the stick by label, mounts it read-only, copies new or changed
clips into ./media with checksum verification against the stick's
MANIFEST.sha256, then unmounts it so it can be handed back.
"""
import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("media_import")

MOUNT_POINT = Path("/mnt/showmedia")
MEDIA_EXT = {".mp4", ".mov", ".wav", ".flac", ".png", ".jpg", ".json"}


def find_device(label):
    by_label = Path("/dev/disk/by-label") / label
    if by_label.exists():
        return str(by_label.resolve())
    out = subprocess.run(["blkid", "-L", label], capture_output=True, text=True)
    dev = out.stdout.strip()
    return dev or None


@contextmanager
def mounted(device, where=MOUNT_POINT):
    subprocess.run(["sudo", "mkdir", "-p", str(where)], check=True)
    subprocess.run(["sudo", "mount", "-o", f"ro,nosuid,nodev,noexec,uid={os.getuid()}",
                    device, str(where)], check=True)
    log.info("mounted %s on %s", device, where)
    try:
        yield where
    finally:
        subprocess.run(["sync"], check=False)
        r = subprocess.run(["sudo", "umount", str(where)], check=False)
        if r.returncode == 0:
            log.info("unmounted %s - stick can be removed", where)
        else:
            log.error("umount failed; run 'sudo umount %s' before pulling the stick", where)


def sha256(path, bufsize=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(bufsize):
            h.update(chunk)
    return h.hexdigest()


def read_manifest(root):
    mf = root / "MANIFEST.sha256"
    entries = {}
    if not mf.exists():
        log.warning("no MANIFEST.sha256 on stick; copying without verification")
        return entries
    for line in mf.read_text().splitlines():
        if line.strip():
            digest, name = line.split(maxsplit=1)
            entries[name.lstrip("*")] = digest
    return entries


def import_media(src_root, dest_root, dry_run=False):
    manifest = read_manifest(src_root)
    copied = skipped = bad = 0
    for src in sorted(src_root.rglob("*")):
        if not src.is_file() or src.suffix.lower() not in MEDIA_EXT:
            continue
        rel = src.relative_to(src_root)
        dst = dest_root / rel
        want = manifest.get(str(rel))
        if dst.exists() and want and sha256(dst) == want:
            skipped += 1
            continue
        if dry_run:
            log.info("would copy %s", rel)
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)
        if want and sha256(dst) != want:
            log.error("checksum mismatch on %s; removed partial copy", rel)
            dst.unlink()
            bad += 1
            continue
        copied += 1
        log.info("copied %s", rel)
    return copied, skipped, bad


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--label", default="SHOWMEDIA")
    ap.add_argument("--device", help="block device, if not found by label")
    ap.add_argument("--dest", type=Path, default=Path("media"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    device = args.device or find_device(args.label)
    if not device:
        log.error("no stick labelled %s found", args.label)
        return 2
    try:
        with mounted(device) as root:
            copied, skipped, bad = import_media(root, args.dest, args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("mount failed: %s", exc)
        return 1
    log.info("%d copied, %d unchanged, %d failed verification", copied, skipped, bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
