#!/usr/bin/env python3
"""Copy selected photos into the shared family library.

The shared library (/srv/family/photos) is group-owned by "family" with the
setgid bit on directories. This helper switches its effective group to
"family" through libc before copying, so new files get the right group even
when the caller's primary group differs. Originals are never modified.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import shutil
from datetime import datetime
from pathlib import Path

log = logging.getLogger("photodrop")
LIBRARY = Path("/srv/family/photos")
EXTS = {".jpg", ".jpeg", ".png", ".heic", ".mp4"}

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]


def become_group(name: str) -> int:
    gid = grp.getgrnam(name).gr_gid
    if _libc.setresgid(gid, gid, gid) != 0:
        err = ctypes.get_errno()
        raise PermissionError(err, f"setresgid({gid}) failed: {os.strerror(err)}")
    os.umask(0o002)
    log.info("now running with gid %d (%s)", gid, name)
    return gid


def shot_date(path: Path) -> datetime:
    try:
        from PIL import Image  # optional dependency
        with Image.open(path) as img:
            raw = img.getexif().get(306)  # DateTime
        if raw:
            return datetime.strptime(raw, "%Y:%m:%d %H:%M:%S")
    except Exception:  # noqa: BLE001 - fall back to mtime on any EXIF problem
        pass
    return datetime.fromtimestamp(path.stat().st_mtime)


def collect(sources):
    for src in sources:
        p = Path(src).expanduser()
        if p.is_dir():
            yield from (f for f in sorted(p.rglob("*")) if f.suffix.lower() in EXTS)
        elif p.suffix.lower() in EXTS:
            yield p


def drop(files, who: str, dry_run: bool):
    copied = 0
    for f in files:
        when = shot_date(f)
        dest_dir = LIBRARY / f"{when:%Y}" / f"{when:%Y-%m}"
        dest = dest_dir / f"{when:%Y%m%d_%H%M%S}_{who}_{f.name}"
        if dest.exists():
            log.debug("already there: %s", dest)
            continue
        log.info("%s -> %s", f, dest)
        if not dry_run:
            dest_dir.mkdir(parents=True, exist_ok=True)
            shutil.copy2(f, dest)
        copied += 1
    return copied


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sources", nargs="+")
    ap.add_argument("--group", default="family")
    ap.add_argument("--who", default=os.environ.get("USER", "someone"))
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not LIBRARY.is_dir():
        ap.error(f"{LIBRARY} missing")
    become_group(args.group)
    n = drop(collect(args.sources), args.who, args.dry_run)
    print(f"{n} file(s) {'would be ' if args.dry_run else ''}added to the family library")


if __name__ == "__main__":
    main()
