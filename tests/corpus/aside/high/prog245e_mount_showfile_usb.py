#!/usr/bin/env python3
"""Pull show files off the desk's USB stick onto the FOH laptop.

The console writes its show files to a FAT stick labelled SHOWFILES. The
FOH laptop has no desktop automounter, so this mounts the stick read-only,
copies any newer show files into ./incoming, and unmounts it again.
"""
import argparse
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("showfile_usb")
MOUNT_POINT = Path("/mnt/showfiles")
SHOW_SUFFIXES = {".shw", ".esf3d", ".asc", ".xml"}


def run(cmd: list) -> None:
    LOG.debug("run: %s", " ".join(cmd))
    subprocess.run(cmd, check=True)


def find_device(label: str) -> Path:
    dev = Path("/dev/disk/by-label") / label
    if not dev.exists():
        raise FileNotFoundError(f"no device labelled {label}; is the stick plugged in?")
    return dev.resolve()


def mount(dev: Path) -> None:
    if MOUNT_POINT.is_mount():
        LOG.info("%s already mounted", MOUNT_POINT)
        return
    run(["sudo", "mkdir", "-p", str(MOUNT_POINT)])
    run(["sudo", "mount", "-o", "ro,uid=%d,gid=%d" % (_uid(), _gid()), str(dev), str(MOUNT_POINT)])
    LOG.info("mounted %s on %s", dev, MOUNT_POINT)


def unmount() -> None:
    if MOUNT_POINT.is_mount():
        run(["sudo", "umount", str(MOUNT_POINT)])
        LOG.info("unmounted %s", MOUNT_POINT)


def _uid() -> int:
    import os
    return os.getuid()


def _gid() -> int:
    import os
    return os.getgid()


def copy_new(dest: Path) -> int:
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for src in MOUNT_POINT.rglob("*"):
        if not src.is_file() or src.suffix.lower() not in SHOW_SUFFIXES:
            continue
        target = dest / src.relative_to(MOUNT_POINT)
        if target.exists() and target.stat().st_mtime >= src.stat().st_mtime:
            LOG.debug("up to date: %s", target)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, target)
        LOG.info("copied %s", target)
        copied += 1
    return copied


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--label", default="SHOWFILES")
    ap.add_argument("--dest", type=Path, default=Path("incoming"))
    ap.add_argument("--keep-mounted", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        dev = find_device(args.label)
        mount(dev)
        n = copy_new(args.dest)
        LOG.info("%d show file(s) copied to %s", n, args.dest)
    except FileNotFoundError as exc:
        LOG.error("%s", exc)
        return 1
    except subprocess.CalledProcessError as exc:
        LOG.error("command failed (%s): %s", exc.returncode, " ".join(exc.cmd))
        return 1
    finally:
        if not args.keep_mounted:
            try:
                unmount()
            except subprocess.CalledProcessError as exc:
                LOG.warning("unmount failed: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
