#!/usr/bin/env python3
"""Sync fabric swatch photos from the showroom NAS.

The showroom photographer drops new swatch photos on the NAS share
"fabric-photos". This pulls any new or changed photos into ./photos,
organised by supplier folder, so the quote sheets can embed them.

Share details live in nas.ini:

    [nas]
    share = //showroom-nas.lan/fabric-photos
    credentials = nas.cred       ; username=/password= lines, chmod 600
    mountpoint = ./mnt/fabric-photos
"""
import argparse
import configparser
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("nas-sync")

PHOTO_EXT = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".heic"}


def elevate_cmd():
    """Prefix for commands that need admin rights on this PC."""
    for tool in ("doas", "sudo"):
        path = shutil.which(tool)
        if path:
            return [path] if tool == "doas" else [path, "-n"]
    raise SystemExit("neither doas nor sudo is available")


def load_config(path):
    cfg = configparser.ConfigParser(inline_comment_prefixes=(";",))
    if not cfg.read(path):
        raise SystemExit(f"{path} not found")
    nas = cfg["nas"]
    cred = Path(nas.get("credentials", "nas.cred")).resolve()
    if cred.exists() and cred.stat().st_mode & 0o077:
        os.chmod(cred, 0o600)
    return nas["share"], cred, Path(nas.get("mountpoint", "mnt/fabric-photos")).resolve()


class ShareMount:
    def __init__(self, share, cred, mountpoint):
        self.share, self.cred, self.mountpoint = share, cred, mountpoint
        self.prefix = elevate_cmd()
        self.mounted_here = False

    def __enter__(self):
        self.mountpoint.mkdir(parents=True, exist_ok=True)
        if os.path.ismount(self.mountpoint):
            return self
        opts = f"credentials={self.cred},uid={os.getuid()},gid={os.getgid()},ro,vers=3.0"
        cmd = self.prefix + ["mount", "-t", "cifs", self.share, str(self.mountpoint), "-o", opts]
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(f"mount failed: {res.stderr.strip()}")
        self.mounted_here = True
        log.info("mounted %s at %s", self.share, self.mountpoint)
        return self

    def __exit__(self, *exc):
        if self.mounted_here:
            subprocess.run(self.prefix + ["umount", str(self.mountpoint)], check=False)
            log.info("unmounted %s", self.mountpoint)


def digest(path, chunk=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def sync(src_root, dest_root, dry_run=False):
    copied = skipped = 0
    for src in src_root.rglob("*"):
        if not src.is_file() or src.suffix.lower() not in PHOTO_EXT:
            continue
        rel = src.relative_to(src_root)
        dest = dest_root / rel
        if dest.exists() and dest.stat().st_size == src.stat().st_size \
                and digest(dest) == digest(src):
            skipped += 1
            continue
        log.info("%s %s", "would copy" if dry_run else "copy", rel)
        if not dry_run:
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest)
        copied += 1
    return copied, skipped


def main(argv=None):
    ap = argparse.ArgumentParser(description="Pull swatch photos from the showroom NAS")
    ap.add_argument("--config", default="nas.ini")
    ap.add_argument("--dest", type=Path, default=Path("photos"))
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    share, cred, mountpoint = load_config(args.config)
    try:
        with ShareMount(share, cred, mountpoint):
            copied, skipped = sync(mountpoint, args.dest, args.dry_run)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    log.info("%d photos copied, %d already up to date", copied, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
