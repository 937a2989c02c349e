#!/usr/bin/env python3
"""Move finished downloads into the media library as the 'media' account.

The download client hands us completed torrents; the library must end up
owned by the media user so Jellyfin can read and delete them.  When started
as root (from the download client's post-processing hook) the script
switches its real, effective and saved ids to the media account with libc
calls before touching any file.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import re
import shutil
import sys
from pathlib import Path

LOG = logging.getLogger("ingest")
VIDEO_EXT = {".mkv", ".mp4", ".avi", ".m4v"}
SUB_EXT = {".srt", ".ass", ".sub"}
EPISODE_RE = re.compile(r"(?P<show>.+?)[ ._-]+S(?P<season>\d{1,2})E(?P<ep>\d{1,3})", re.I)
MOVIE_RE = re.compile(r"(?P<title>.+?)[ ._(]+(?P<year>(19|20)\d{2})")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed: {os.strerror(err)}")


def become(username):
    """Permanently switch to `username` (groups, gid, uid - in that order)."""
    pw = pwd.getpwnam(username)
    groups = [g for g in os.getgrouplist(username, pw.pw_gid)]
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(_libc.setgroups(len(groups), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ.update(HOME=pw.pw_dir, USER=username, LOGNAME=username)
    os.umask(0o002)
    LOG.info("now running as %s (uid %d)", username, os.getuid())


def clean(name):
    return re.sub(r"[._]+", " ", name).strip().title()


def destination(video, library):
    m = EPISODE_RE.match(video.stem)
    if m:
        show = clean(m["show"])
        season = int(m["season"])
        return library / "tv" / show / f"Season {season:02d}" / \
            f"{show} - S{season:02d}E{int(m['ep']):02d}{video.suffix.lower()}"
    m = MOVIE_RE.match(video.stem)
    if m:
        title = f"{clean(m['title'])} ({m['year']})"
        return library / "movies" / title / f"{title}{video.suffix.lower()}"
    return None


def ingest(download_dir, library, dry_run=False):
    moved = 0
    for video in sorted(Path(download_dir).rglob("*")):
        if video.suffix.lower() not in VIDEO_EXT or "sample" in video.name.lower():
            continue
        dest = destination(video, library)
        if dest is None:
            LOG.warning("cannot classify %s", video.name)
            continue
        if dest.exists():
            LOG.info("already in library: %s", dest.name)
            continue
        LOG.info("%s -> %s", video.name, dest.relative_to(library))
        if dry_run:
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(video), dest)
        for sub in video.parent.glob(video.stem + "*"):
            if sub.suffix.lower() in SUB_EXT:
                shutil.move(str(sub), dest.with_suffix(sub.suffix.lower()))
        moved += 1
    return moved


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("download_dir")
    ap.add_argument("--library", default="/srv/media")
    ap.add_argument("--user", default="media")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="ingest: %(message)s")

    if os.geteuid() == 0:
        try:
            become(args.user)
        except (KeyError, OSError) as exc:
            LOG.error("cannot switch to %s: %s", args.user, exc)
            return 1
    elif pwd.getpwuid(os.getuid()).pw_name != args.user:
        LOG.warning("not root and not %s - files will be owned by the current user", args.user)

    count = ingest(args.download_dir, Path(args.library), args.dry_run)
    LOG.info("ingested %d file(s)", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
