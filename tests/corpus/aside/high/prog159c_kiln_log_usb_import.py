#!/usr/bin/env python3
"""Import firing logs from the kiln controller's USB stick.

The older kiln controllers write their firing logs to a FAT-formatted USB
stick. This mounts the stick read-only, copies any new logs into the
studio's firing archive and unmounts it again.
"""
import argparse
import hashlib
import logging
import os
import shutil
import subprocess
from pathlib import Path

log = logging.getLogger("usb-import")

DEFAULTS = {
    "device": os.environ.get("KILN_USB_DEV", "/dev/sdb1"),
    "mountpoint": "/mnt/kiln-usb",
    "archive": Path(os.environ.get("FIRING_ARCHIVE", "firing_archive")),
    "pattern": "FIRE*.CSV",
}


def privileged(cmd):
    full = ["sudo", "-n"] + cmd
    log.debug("running %s", " ".join(full))
    return subprocess.run(full, check=True, capture_output=True, text=True)


def is_mounted(mountpoint):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == mountpoint for line in fh)


def mount_stick(device, mountpoint):
    if not Path(device).exists():
        raise FileNotFoundError(f"no USB stick at {device}")
    privileged(["mkdir", "-p", mountpoint])
    if not is_mounted(mountpoint):
        uid, gid = os.getuid(), os.getgid()
        privileged([
            "mount", "-t", "vfat", "-o", f"ro,uid={uid},gid={gid}", device, mountpoint,
        ])
        log.info("mounted %s at %s", device, mountpoint)


def unmount_stick(mountpoint):
    if is_mounted(mountpoint):
        privileged(["umount", mountpoint])
        log.info("unmounted %s", mountpoint)


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def known_digests(archive):
    index = archive / "index.txt"
    if not index.exists():
        return set()
    return {line.split()[0] for line in index.read_text().splitlines() if line.strip()}


def import_logs(mountpoint, archive, pattern):
    archive.mkdir(parents=True, exist_ok=True)
    seen = known_digests(archive)
    imported = 0
    with open(archive / "index.txt", "a") as index:
        for src in sorted(Path(mountpoint).glob(pattern)):
            d = digest(src)
            if d in seen:
                continue
            dest = archive / f"{src.stem.lower()}_{d[:8]}.csv"
            shutil.copy2(src, dest)
            index.write(f"{d} {dest.name}\n")
            seen.add(d)
            imported += 1
            log.info("imported %s", dest.name)
    return imported


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default=DEFAULTS["device"])
    ap.add_argument("--mountpoint", default=DEFAULTS["mountpoint"])
    ap.add_argument("--archive", type=Path, default=DEFAULTS["archive"])
    ap.add_argument("--keep-mounted", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        mount_stick(args.device, args.mountpoint)
        n = import_logs(args.mountpoint, args.archive, DEFAULTS["pattern"])
        log.info("%d new firing logs", n)
    except (FileNotFoundError, subprocess.CalledProcessError) as exc:
        log.error("import failed: %s", exc)
        return 1
    finally:
        if not args.keep_mounted:
            try:
                unmount_stick(args.mountpoint)
            except subprocess.CalledProcessError as exc:
                log.warning("could not unmount: %s", exc)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
