#!/usr/bin/env python3
"""Thumbnail daemon for the photo archive.

Watches the shared archive mount for new originals and writes square
and 16:9 thumbnails for the CMS picker.  The archive mount is only
readable by root and the photo group, so the daemon opens what it needs
at start-up and then continues as the service account.
"""
import argparse
import ctypes
import ctypes.util
import grp
import hashlib
import logging
import os
import pwd
import time
from pathlib import Path

from PIL import Image, ImageOps

LOG = logging.getLogger("thumbd")

SIZES = {"sq": (320, 320), "wide": (640, 360)}
EXTS = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".webp"}


class Identity:
    """Switches the process to the configured service account."""

    def __init__(self, user, group):
        self.pw = pwd.getpwnam(user)
        self.gr = grp.getgrnam(group)
        self._libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def assume(self):
        if os.geteuid() != 0:
            LOG.info("not root, staying uid %d", os.geteuid())
            return
        gid_t = ctypes.c_uint
        groups = (gid_t * 1)(self.gr.gr_gid)
        self._check(self._libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
        self._check(self._libc.setresgid(gid_t(self.gr.gr_gid), gid_t(self.gr.gr_gid), gid_t(self.gr.gr_gid)), "setresgid")
        self._check(self._libc.setresuid(gid_t(self.pw.pw_uid), gid_t(self.pw.pw_uid), gid_t(self.pw.pw_uid)), "setresuid")
        os.environ["HOME"] = self.pw.pw_dir
        LOG.info("running as %s:%s", self.pw.pw_name, self.gr.gr_name)


def thumb_name(src, kind):
    digest = hashlib.md5(str(src).encode()).hexdigest()[:16]
    return f"{digest}_{kind}.jpg"


def make_thumbs(src, out_dir):
    made = 0
    with Image.open(src) as im:
        im = ImageOps.exif_transpose(im).convert("RGB")
        for kind, size in SIZES.items():
            target = out_dir / thumb_name(src, kind)
            if target.exists() and target.stat().st_mtime >= src.stat().st_mtime:
                continue
            ImageOps.fit(im, size, Image.LANCZOS).save(target, "JPEG", quality=80, optimize=True)
            made += 1
    return made


def scan(archive, out_dir, seen):
    for path in archive.rglob("*"):
        if path.suffix.lower() not in EXTS or not path.is_file():
            continue
        key = (str(path), path.stat().st_mtime)
        if key in seen:
            continue
        try:
            n = make_thumbs(path, out_dir)
            if n:
                LOG.info("%s: %d thumbnail(s)", path.name, n)
        except (OSError, Image.DecompressionBombError) as exc:
            LOG.warning("%s: %s", path, exc)
        seen.add(key)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--archive", default="/srv/photo-archive")
    ap.add_argument("--out", default="thumbs")
    ap.add_argument("--user", default="thumbd")
    ap.add_argument("--group", default="photo")
    ap.add_argument("--interval", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    archive = Path(args.archive)
    out_dir = Path(args.out).resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    root_fd = os.open(archive, os.O_RDONLY | os.O_DIRECTORY)
    ident = Identity(args.user, args.group)
    if os.geteuid() == 0:
        os.chown(out_dir, ident.pw.pw_uid, ident.gr.gr_gid)
    ident.assume()
    os.fchdir(root_fd)

    seen = set()
    while True:
        scan(Path("."), out_dir, seen)
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
