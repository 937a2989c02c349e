#!/usr/bin/env python3
"""Inject a per-device overlay (certificates, serial number, network
config) into a built ext4 rootfs image before it is flashed at the
factory, so the Yocto image itself stays generic.

Edits the image in place with e2fsprogs' debugfs, so no loop mount and
no root are needed on the provisioning PC.

    rootfs_overlay_debugfs.py core-image.ext4 overlays/SN123456 [--owner 0:0]

The overlay directory mirrors the target filesystem layout.
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path, PurePosixPath

log = logging.getLogger("rootfs-overlay")

DEBUGFS = os.environ.get("DEBUGFS", "debugfs")


def image_fs_type(image):
    res = subprocess.run(["blkid", "-o", "value", "-s", "TYPE", str(image)],
                         capture_output=True, text=True)
    return res.stdout.strip() or None


def overlay_files(overlay):
    for path in sorted(overlay.rglob("*")):
        if path.is_file():
            yield path, PurePosixPath("/") / path.relative_to(overlay).as_posix()


def build_script(overlay, owner, secret_mode, serial_file):
    """Yield debugfs commands that recreate the overlay inside the image."""
    made = set()
    uid, gid = owner
    for src, dest in overlay_files(overlay):
        for parent in reversed(dest.parents):
            if str(parent) != "/" and parent not in made:
                yield f"mkdir {parent}"
                made.add(parent)
        mode = int(secret_mode, 8) if dest.parts[1:3] in (("etc", "ssl"), ("etc", "device")) else 0o644
        if os.access(src, os.X_OK):
            mode = 0o755
        yield f"rm {dest}"
        yield f'write "{src.resolve()}" {dest}'
        yield f"sif {dest} mode 0{0o100000 | mode:o}"
        yield f"sif {dest} uid {uid}"
        yield f"sif {dest} gid {gid}"
    yield "rm /etc/device-serial"
    yield f'write "{serial_file}" /etc/device-serial'
    yield "sif /etc/device-serial mode 0100644"


def run_debugfs(image, commands):
    with tempfile.NamedTemporaryFile("w", suffix=".debugfs", dir=".", delete=False) as fh:
        fh.write("\n".join(commands) + "\n")
        script = fh.name
    try:
        res = subprocess.run([DEBUGFS, "-w", "-f", script, str(image)],
                             capture_output=True, text=True)
    finally:
        os.unlink(script)
    noise = ("File not found by ext2_lookup", "Ext2 directory already exists")
    errors = [l for l in res.stderr.splitlines()
              if l.strip() and not l.startswith("debugfs ") and not any(n in l for n in noise)]
    return res.returncode, errors


def fsck(image):
    res = subprocess.run(["e2fsck", "-fy", str(image)], capture_output=True, text=True)
    if res.returncode > 1:
        log.warning("e2fsck reported problems:\n%s", res.stdout)
    return res.returncode <= 1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("image", type=Path)
    ap.add_argument("overlay", type=Path)
    ap.add_argument("--owner", default="0:0", help="uid:gid for installed files")
    ap.add_argument("--secret-mode", default="0600")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not shutil.which(DEBUGFS):
        log.error("%s not found (install e2fsprogs)", DEBUGFS)
        return 127
    if not args.image.is_file() or not args.overlay.is_dir():
        log.error("need an image file and an overlay directory")
        return 2
    if image_fs_type(args.image) not in ("ext4", "ext3", "ext2"):
        log.error("%s is not an ext2/3/4 image", args.image)
        return 2
    owner = args.owner.split(":", 1)
    if len(owner) != 2:
        log.error("--owner must be uid:gid")
        return 2

    serial_file = Path(f".serial-{args.overlay.name}")
    serial_file.write_text(f"SERIAL={args.overlay.name}\n")
    try:
        commands = list(build_script(args.overlay, owner, args.secret_mode, serial_file.resolve()))
        log.debug("%d debugfs commands", len(commands))
        rc, errors = run_debugfs(args.image, commands)
    finally:
        serial_file.unlink(missing_ok=True)
    for e in errors:
        log.error("debugfs: %s", e)
    if rc != 0 or errors:
        return 1
    if not fsck(args.image):
        return 1
    n = sum(1 for _ in overlay_files(args.overlay))
    log.info("injected %d file(s) into %s", n, args.image)
    return 0


if __name__ == "__main__":
    sys.exit(main())
