#!/usr/bin/env python3
"""Imports the electronic logbook export from the USB stick the skipper
brings ashore.  Mounts the stick read-only, copies the ERS files into the
office inbox and unmounts it again."""
import argparse
import logging
import os
import shutil
import subprocess
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("usb-import")

MOUNT_POINT = Path(os.environ.get("LOGBOOK_MNT", "/mnt/logbook"))
INBOX = Path(os.environ.get("LOGBOOK_INBOX", "inbox"))
PATTERNS = ("*.ers", "*.xml", "*.csv")


class Priv:
    prefix = ("sudo", "-n")

    @classmethod
    def cmd(cls, *parts):
        base = list(parts)
        if os.geteuid() != 0:
            base = list(cls.prefix) + base
        return base


def _run(args):
    log.debug("exec %s", args)
    return subprocess.run(args, check=True, capture_output=True, text=True)


OPS = {
    "mkdir": lambda target: _run(Priv.cmd("mkdir", "-p", str(target))),
    "mount": lambda dev, target: _run(Priv.cmd("mount", "-o", "ro,nosuid,nodev",
                                               dev, str(target))),
    "umount": lambda target: _run(Priv.cmd("umount", str(target))),
}


def find_device(label):
    out = _run(["lsblk", "-rno", "NAME,LABEL,TYPE"]).stdout
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] == label and fields[2] == "part":
            return "/dev/" + fields[0]
    return None


@contextmanager
def mounted(device, target):
    OPS["mkdir"](target)
    OPS["mount"](device, target)
    log.info("mounted %s on %s", device, target)
    try:
        yield target
    finally:
        OPS["umount"](target)
        log.info("unmounted %s", target)


def copy_exports(src_root, dest):
    dest.mkdir(parents=True, exist_ok=True)
    copied = []
    for pattern in PATTERNS:
        for src in Path(src_root).rglob(pattern):
            target = dest / src.name
            if target.exists() and target.stat().st_size == src.stat().st_size:
                continue
            shutil.copy2(src, target)
            copied.append(target.name)
    return copied


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", help="block device, e.g. /dev/sdb1")
    ap.add_argument("--label", default="LOGBOOK")
    ap.add_argument("--vessel", default="unknown")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    device = args.device or find_device(args.label)
    if not device:
        log.error("no partition labelled %s found", args.label)
        return 1
    dest = INBOX / args.vessel
    with mounted(device, MOUNT_POINT) as root:
        copied = copy_exports(root, dest)
    log.info("copied %d files into %s", len(copied), dest)
    for name in copied:
        print(name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
