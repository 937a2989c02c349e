#!/usr/bin/env python3
"""Import recordings from a bat detector SD card.

Finds the card by its filesystem label (AudioMoth cards are formatted as
"MOTH", SM4BAT cards as "SM4BAT" by the group's prep sheet), mounts it
read-only, copies every new WAV into ./recordings/<label>/<date>/ with a
SHA-256 manifest, and unmounts it again so it can go straight back out.
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

log = logging.getLogger("cardimport")

MOUNT_POINT = Path("/mnt/batcard")
DEST_ROOT = Path("recordings")


def find_device(label):
    out = subprocess.run(["lsblk", "--json", "-o", "NAME,LABEL,FSTYPE,MOUNTPOINT"],
                         capture_output=True, text=True, check=True).stdout
    stack = json.loads(out)["blockdevices"]
    while stack:
        dev = stack.pop()
        stack.extend(dev.get("children") or [])
        if (dev.get("label") or "").upper() == label.upper():
            return "/dev/" + dev["name"], dev.get("mountpoint")
    return None, None


def mount_card(device):
    opts = f"ro,uid={os.getuid()},gid={os.getgid()},umask=022"
    subprocess.run(["sudo", "mkdir", "-p", str(MOUNT_POINT)], check=True)
    subprocess.run(["sudo", "mount", "-t", "vfat", "-o", opts, device, str(MOUNT_POINT)],
                   check=True)
    return MOUNT_POINT


def unmount_card():
    subprocess.run(["sudo", "umount", str(MOUNT_POINT)], check=False)


def sha256_of(path, bufsize=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(bufsize):
            h.update(chunk)
    return h.hexdigest()


def copy_recordings(src_root, label):
    copied = []
    for wav in sorted(src_root.rglob("*")):
        if wav.suffix.upper() != ".WAV" or wav.name.startswith("._"):
            continue
        day = datetime.fromtimestamp(wav.stat().st_mtime).strftime("%Y-%m-%d")
        dest = DEST_ROOT / label / day / wav.name
        if dest.exists() and dest.stat().st_size == wav.stat().st_size:
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(wav, dest)
        copied.append({"file": str(dest), "sha256": sha256_of(dest),
                       "bytes": dest.stat().st_size})
        log.debug("copied %s", wav.name)
    return copied


def write_manifest(label, entries):
    if not entries:
        return None
    stamp = datetime.now().strftime("%Y%m%dT%H%M%S")
    path = DEST_ROOT / label / f"manifest-{stamp}.json"
    path.write_text(json.dumps(entries, indent=2))
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--label", default="MOTH", help="SD card filesystem label")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        device, mounted = find_device(args.label)
    except (subprocess.CalledProcessError, FileNotFoundError) as exc:
        log.error("lsblk failed: %s", exc)
        return 1
    if not device:
        log.error("no card labelled %s found", args.label)
        return 1

    we_mounted = False
    if mounted:
        src = Path(mounted)
    else:
        try:
            src = mount_card(device)
            we_mounted = True
        except subprocess.CalledProcessError as exc:
            log.error("mount of %s failed: %s", device, exc)
            return 1
    try:
        entries = copy_recordings(src, args.label)
        manifest = write_manifest(args.label, entries)
    finally:
        if we_mounted:
            unmount_card()
    log.info("%d new recording(s) imported%s", len(entries),
             f", manifest {manifest}" if manifest else "")
    return 0


if __name__ == "__main__":
    sys.exit(main())
