#!/usr/bin/env python3
"""Import scanned placement-test answer sheets from the exam USB stick.

The invigilator scans the paper sheets at the end of each session onto the
stick labelled PLACEMENT. On the marking PC this script mounts the stick
read-only, copies the scans and the scanner's CSV into
./incoming/<date>/<session>/, verifies every copy by SHA-256 and unmounts.

    sudo python3 exam_usb_import.py [--label PLACEMENT] [--session am]
"""

import argparse
import ctypes
import ctypes.util
import datetime
import hashlib
import logging
import os
import pathlib
import shutil
import sys

log = logging.getLogger("usb-import")

MS_RDONLY = 0x1
MS_NOSUID = 0x2
MS_NODEV = 0x4
MS_NOEXEC = 0x8
MNT_DETACH = 0x2
WANTED = (".pdf", ".png", ".jpg", ".tif", ".tiff", ".csv")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.mount.argtypes = (ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
                        ctypes.c_ulong, ctypes.c_char_p)
_libc.umount2.argtypes = (ctypes.c_char_p, ctypes.c_int)


class StickMount:
    """Context manager that mounts the exam stick read-only."""

    def __init__(self, device, target, fstype="vfat"):
        self.device = str(device)
        self.target = pathlib.Path(target)
        self.fstype = fstype

    def __enter__(self):
        self.target.mkdir(parents=True, exist_ok=True)
        flags = MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC
        opts = b"iocharset=utf8,shortname=mixed"
        if _libc.mount(self.device.encode(), str(self.target).encode(),
                       self.fstype.encode(), flags, opts) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"mount {self.device}: {os.strerror(err)}")
        log.info("mounted %s on %s", self.device, self.target)
        return self.target

    def __exit__(self, *exc):
        if _libc.umount2(str(self.target).encode(), 0) != 0:
            err = ctypes.get_errno()
            log.warning("umount failed (%s), detaching", os.strerror(err))
            _libc.umount2(str(self.target).encode(), MNT_DETACH)
        try:
            self.target.rmdir()
        except OSError:
            pass
        return False


def find_stick(label):
    dev = pathlib.Path("/dev/disk/by-label") / label
    if not dev.exists():
        raise FileNotFoundError(f"no device labelled {label} - is the stick plugged in?")
    return dev.resolve()


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def copy_scans(source, dest):
    dest.mkdir(parents=True, exist_ok=True)
    copied, bad = 0, []
    for src in sorted(source.rglob("*")):
        if not src.is_file() or src.suffix.lower() not in WANTED or src.name.startswith("."):
            continue
        target = dest / src.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, target)
        if sha256(src) != sha256(target):
            bad.append(str(src.relative_to(source)))
            target.unlink()
            continue
        copied += 1
    return copied, bad


def main(argv=None):
    ap = argparse.ArgumentParser(description="Copy placement scans off the exam stick")
    ap.add_argument("--label", default="PLACEMENT")
    ap.add_argument("--fstype", default="vfat")
    ap.add_argument("--session", default="am")
    ap.add_argument("--dest", default="incoming")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        device = find_stick(args.label)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 2

    day = datetime.date.today().isoformat()
    dest = pathlib.Path(args.dest) / day / args.session
    mountpoint = pathlib.Path(".stick-mnt")
    try:
        with StickMount(device, mountpoint, args.fstype) as root:
            copied, bad = copy_scans(root, dest)
    except OSError as exc:
        log.error("%s", exc)
        return 1

    log.info("copied %d file(s) to %s", copied, dest)
    for name in bad:
        log.error("checksum mismatch, not imported: %s", name)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
