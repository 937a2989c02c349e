#!/usr/bin/env python3
"""Inject a per-device overlay (certificates, serial number, network
config) into a built ext4 rootfs image before it is flashed at the
factory, so the Yocto image itself stays generic.

    rootfs_overlay_mount.py core-image.ext4 overlays/SN123456 [--owner 0:0]

The overlay directory mirrors the target filesystem layout.
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("rootfs-overlay")

PRIV = os.environ.get("ROOTFS_PRIV_CMD", "sudo -n").split()


def priv(*cmd, check=True, capture=False):
    full = ([] if os.geteuid() == 0 else PRIV) + [str(c) for c in cmd]
    log.debug("+ %s", " ".join(full))
    return subprocess.run(full, check=check, text=True,
                          capture_output=capture)


def image_fs_type(image):
    res = subprocess.run(["blkid", "-o", "value", "-s", "TYPE", str(image)],
                         capture_output=True, text=True)
    return res.stdout.strip() or None


@contextmanager
def mounted(image, mountpoint):
    mountpoint.mkdir(parents=True, exist_ok=True)
    priv("mount", "-o", "loop,rw", image, mountpoint)
    try:
        yield mountpoint
    finally:
        for attempt in range(3):
            res = priv("umount", mountpoint, check=False, capture=True)
            if res.returncode == 0:
                break
            log.warning("umount busy (%s), retrying", res.stderr.strip())
            priv("sync", check=False)
        else:
            log.error("could not unmount %s, detach manually", mountpoint)
        shutil.rmtree(mountpoint, ignore_errors=True)


def overlay_files(overlay):
    for path in sorted(overlay.rglob("*")):
        if path.is_file() or path.is_symlink():
            yield path, path.relative_to(overlay)


def apply_overlay(overlay, root, owner, secret_mode):
    count = 0
    for src, rel in overlay_files(overlay):
        dest = root / rel
        priv("install", "-d", "-o", owner[0], "-g", owner[1], dest.parent)
        mode = secret_mode if rel.parts[:2] in (("etc", "ssl"), ("etc", "device")) else "0644"
        if os.access(src, os.X_OK):
            mode = "0755"
        priv("install", "-m", mode, "-o", owner[0], "-g", owner[1], src, dest)
        log.info("  /%s (%s)", rel, mode)
        count += 1
    return count


def stamp_release(root, serial):
    info = f"SERIAL={serial}\n"
    priv("sh", "-c", f"printf '%s' '{info}' > {root}/etc/device-serial")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("image", type=Path)
    ap.add_argument("overlay", type=Path)
    ap.add_argument("--owner", default="0:0", help="uid:gid for installed files")
    ap.add_argument("--secret-mode", default="0600")
    ap.add_argument("--mountpoint", type=Path, default=Path(".rootfs-mnt"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.image.is_file():
        log.error("image %s not found", args.image)
        return 2
    if not args.overlay.is_dir():
        log.error("overlay %s is not a directory", args.overlay)
        return 2
    fstype = image_fs_type(args.image)
    if fstype not in ("ext4", "ext3", "ext2"):
        log.error("unsupported filesystem %r in %s", fstype, args.image)
        return 2
    owner = args.owner.split(":", 1)
    if len(owner) != 2:
        log.error("--owner must be uid:gid")
        return 2

    try:
        with mounted(args.image, args.mountpoint.resolve()) as root:
            n = apply_overlay(args.overlay, root, owner, args.secret_mode)
            stamp_release(root, args.overlay.name)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", " ".join(exc.cmd))
        return 1
    log.info("injected %d file(s) into %s", n, args.image)
    return 0


if __name__ == "__main__":
    sys.exit(main())
