#!/usr/bin/env python3
"""Growth-camera snapshot collector.

The greenhouse cameras drop JPEGs into a root-owned spool. This tool is
started as root by the camera service, switches its identity to the
nursery photo user through libc, and then copies the day's snapshots into
that user's growth-log folder.
"""

import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import shutil
from datetime import date
from pathlib import Path

log = logging.getLogger("snapshot_collector")

SPOOL = Path(os.environ.get("CAM_SPOOL", "/var/spool/gh-cams"))
PHOTO_USER = os.environ.get("CAM_PHOTO_USER", "nurseryphoto")


class Identity:
    """Thin libc wrapper; names resolved at call time."""

    calls = {"groups": "setgroups", "gid": "setgid", "uid": "setuid"}

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, key, *args):
        fn = getattr(self.libc, self.calls[key])
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{self.calls[key]} failed: {os.strerror(err)}")

    def become(self, user: str):
        entry = pwd.getpwnam(user)
        only_primary = (ctypes.c_uint * 1)(entry.pw_gid)
        self._call("groups", ctypes.c_size_t(1), only_primary)
        self._call("gid", ctypes.c_uint(entry.pw_gid))
        self._call("uid", ctypes.c_uint(entry.pw_uid))
        os.environ["HOME"] = entry.pw_dir
        log.info("now running as %s (uid %d)", user, entry.pw_uid)
        return Path(entry.pw_dir)


def collect_names(spool: Path, day: str):
    """Read the listing while still privileged; returns plain names only."""
    names = []
    for cam in sorted(p for p in spool.iterdir() if p.is_dir()):
        for shot in sorted(cam.glob(f"{day}_*.jpg")):
            names.append((cam.name, shot.name, shot.read_bytes()))
    return names


def store(shots, home: Path, day: str) -> int:
    dest_root = home / "growth-log" / day
    count = 0
    for cam, name, data in shots:
        dest = dest_root / cam
        dest.mkdir(parents=True, exist_ok=True)
        (dest / name).write_bytes(data)
        count += 1
    latest = home / "growth-log" / "latest"
    if latest.is_symlink() or latest.exists():
        latest.unlink()
    latest.symlink_to(dest_root)
    return count


def main():
    parser = argparse.ArgumentParser(description="collect growth camera snapshots")
    parser.add_argument("--day", default=date.today().strftime("%Y%m%d"))
    parser.add_argument("--user", default=PHOTO_USER)
    parser.add_argument("--spool", type=Path, default=SPOOL)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.spool.is_dir():
        log.error("spool %s missing", args.spool)
        return
    shots = collect_names(args.spool, args.day)
    log.info("found %d snapshots for %s", len(shots), args.day)
    home = Identity().become(args.user)
    stored = store(shots, home, args.day)
    log.info("stored %d snapshots; disk free %.1f GB",
             stored, shutil.disk_usage(home).free / 1e9)


if __name__ == "__main__":
    main()
