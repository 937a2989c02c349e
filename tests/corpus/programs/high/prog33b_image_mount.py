#!/usr/bin/env python3
"""Attach a raw disk image read-only and mount its partitions for review.

Each partition found in the image is mapped through a loop device and
mounted read-only (noexec, nodev, noload for ext journals) under a mount
root, so examiners can browse it with ordinary tools.  `--detach` undoes it.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("imgmount")
STATE_FILE = Path(".imgmount_state.json")
FS_OPTIONS = {
    "ext4": "ro,noexec,nodev,noload",
    "ext3": "ro,noexec,nodev,noload",
    "xfs": "ro,noexec,nodev,norecovery",
    "ntfs": "ro,noexec,nodev,show_sys_files,streams_interface=windows",
    "vfat": "ro,noexec,nodev",
}


def priv(*argv, capture=False):
    """Run a command through sudo, returning stdout when asked to."""
    cmd = ["sudo", "--non-interactive", *argv]
    log.debug("exec %s", " ".join(cmd))
    result = subprocess.run(cmd, check=True, text=True,
                            stdout=subprocess.PIPE if capture else None)
    return result.stdout.strip() if capture else ""


def attach(image: Path) -> str:
    loopdev = priv("losetup", "--find", "--show", "--read-only", "--partscan", str(image), capture=True)
    log.info("%s attached as %s", image.name, loopdev)
    return loopdev


def partitions(loopdev: str) -> list:
    raw = subprocess.run(["lsblk", "--json", "-o", "NAME,FSTYPE,SIZE,LABEL", loopdev],
                         check=True, capture_output=True, text=True).stdout
    tree = json.loads(raw)["blockdevices"][0]
    children = tree.get("children") or [tree]
    return [{"dev": f"/dev/{c['name']}", "fstype": c.get("fstype"), "size": c.get("size"),
             "label": c.get("label")} for c in children]


def mount_all(image: Path, mount_root: Path) -> dict:
    loopdev = attach(image)
    state = {"image": str(image.resolve()), "loop": loopdev, "mounts": []}
    for part in partitions(loopdev):
        fstype = part["fstype"]
        if fstype not in FS_OPTIONS:
            log.warning("skipping %s (fstype %s)", part["dev"], fstype)
            continue
        target = mount_root / image.stem / os.path.basename(part["dev"])
        priv("mkdir", "-p", str(target))
        try:
            priv("mount", "-t", fstype, "-o", FS_OPTIONS[fstype], part["dev"], str(target))
        except subprocess.CalledProcessError as exc:
            log.error("mount of %s failed: %s", part["dev"], exc)
            continue
        log.info("mounted %s (%s, %s) at %s", part["dev"], fstype, part["size"], target)
        state["mounts"].append(str(target))
    return state


def detach(state: dict) -> None:
    for target in reversed(state.get("mounts", [])):
        try:
            priv("umount", target)
            log.info("unmounted %s", target)
        except subprocess.CalledProcessError:
            log.error("could not unmount %s (busy?)", target)
    if state.get("loop"):
        priv("losetup", "--detach", state["loop"])
        log.info("released %s", state["loop"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("image", nargs="?", type=Path)
    ap.add_argument("--mount-root", type=Path, default=Path("/mnt/evidence"))
    ap.add_argument("--detach", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    if args.detach:
        if not STATE_FILE.exists():
            log.error("nothing recorded to detach")
            return 1
        detach(json.loads(STATE_FILE.read_text()))
        STATE_FILE.unlink()
        return 0

    if not args.image or not args.image.is_file():
        ap.error("an existing image file is required")
    try:
        state = mount_all(args.image, args.mount_root)
    except subprocess.CalledProcessError as exc:
        log.error("privileged step failed: %s", exc)
        return 2
    STATE_FILE.write_text(json.dumps(state, indent=2))
    print(f"{len(state['mounts'])} partition(s) mounted read-only; run with --detach when done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
