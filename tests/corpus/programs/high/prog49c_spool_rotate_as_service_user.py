#!/usr/bin/env python3
"""Spool rotation for the print/report spooler (root crontab, 03:40).

cron starts this as root; before touching the spool it switches its real,
effective and saved ids to the spooler account with setresgid/setresuid
from libc, so rotated files are owned by that account. The spool itself
is the ./spool directory of the spooler's working tree.
"""
import argparse
import ctypes
import ctypes.util
import gzip
import logging
import os
import pwd
import shutil
import time
from pathlib import Path

LOG = logging.getLogger("spool-rotate")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(account: str) -> None:
    entry = pwd.getpwnam(account)
    if os.geteuid() == entry.pw_uid:
        return
    groups = (ctypes.c_uint * 1)(entry.pw_gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(_libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    os.environ["HOME"] = entry.pw_dir
    os.environ["USER"] = account
    LOG.info("now running as %s (uid=%d gid=%d)", account, os.getuid(), os.getgid())


def rotate(spool: Path, keep: int) -> int:
    archive = spool / "archive"
    archive.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d")
    moved = 0
    for job in sorted(spool.glob("*.done")):
        target = archive / f"{job.stem}-{stamp}.gz"
        with job.open("rb") as src, gzip.open(target, "wb") as dst:
            shutil.copyfileobj(src, dst)
        job.unlink()
        moved += 1
    old = sorted(archive.glob("*.gz"), key=lambda p: p.stat().st_mtime, reverse=True)
    for stale in old[keep:]:
        stale.unlink()
    return moved


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--account", default="spooler")
    ap.add_argument("--spool", default="spool")
    ap.add_argument("--keep", type=int, default=500)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    try:
        switch_identity(args.account)
    except (KeyError, OSError) as exc:
        LOG.error("cannot switch to %s: %s", args.account, exc)
        return 2
    spool = Path(args.spool)
    if not spool.is_dir():
        LOG.error("spool directory %s missing", spool)
        return 2
    moved = rotate(spool, args.keep)
    LOG.info("archived %d finished jobs", moved)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
