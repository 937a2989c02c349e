#!/usr/bin/env python3
"""Nightly backup of the herdbook PostgreSQL database.

Runs from root's nightly job on the farm server. pg_dump is executed as
the ``postgres`` OS user (peer authentication, no stored password), the
dump is compressed and checksummed, and dumps older than --keep days are
removed.
"""

import argparse
import ctypes
import ctypes.util
import gzip
import hashlib
import logging
import os
import pwd
import shutil
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("herdbook-backup")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


class Identity:
    """Switches the calling process to another account."""

    def __init__(self, username: str):
        pw = pwd.getpwnam(username)
        self.name, self.uid, self.gid, self.home = pw.pw_name, pw.pw_uid, pw.pw_gid, pw.pw_dir

    @staticmethod
    def _check(rc: int, what: str) -> None:
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def assume(self) -> None:
        groups = (ctypes.c_uint * 1)(self.gid)
        self._check(_libc.setgroups(1, groups), "setgroups")
        self._check(_libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        self._check(_libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        os.environ.update(HOME=self.home, USER=self.name, LOGNAME=self.name)
        os.chdir(self.home)


def run_dump(db: str, owner: Identity, dest: Path, timeout: int) -> None:
    raw = dest.with_suffix("")
    with raw.open("wb") as out:
        os.chown(raw, owner.uid, owner.gid)
        proc = subprocess.run(
            ["pg_dump", "--format=custom", "--no-owner", db],
            stdout=out, stderr=subprocess.PIPE, timeout=timeout,
            preexec_fn=owner.assume,
        )
    if proc.returncode != 0:
        raw.unlink(missing_ok=True)
        raise RuntimeError(f"pg_dump failed: {proc.stderr.decode(errors='replace')[-400:]}")
    with raw.open("rb") as src, gzip.open(dest, "wb", compresslevel=6) as dst:
        shutil.copyfileobj(src, dst)
    raw.unlink()


def checksum(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def prune(backup_dir: Path, keep_days: int) -> int:
    cutoff = time.time() - keep_days * 86400
    removed = 0
    for f in backup_dir.glob("herdbook-*.dump.gz*"):
        if f.stat().st_mtime < cutoff:
            f.unlink()
            removed += 1
    return removed


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="herdbook")
    ap.add_argument("--os-user", default="postgres")
    ap.add_argument("--dir", type=Path, default=Path("dumps"))
    ap.add_argument("--keep", type=int, default=14)
    ap.add_argument("--timeout", type=int, default=1800)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("run as root so pg_dump can switch to %s", args.os_user)
        return 2
    try:
        owner = Identity(args.os_user)
    except KeyError:
        log.error("no such user %s", args.os_user)
        return 2

    args.dir.mkdir(parents=True, exist_ok=True)
    args.dir = args.dir.resolve()
    os.chown(args.dir, owner.uid, owner.gid)
    stamp = datetime.now().strftime("%Y%m%d-%H%M")
    dest = args.dir / f"herdbook-{stamp}.dump.gz"
    started = time.monotonic()
    try:
        run_dump(args.db, owner, dest, args.timeout)
    except (RuntimeError, subprocess.TimeoutExpired, OSError) as exc:
        log.error("%s", exc)
        return 1
    digest = checksum(dest)
    Path(f"{dest}.sha256").write_text(f"{digest}  {dest.name}\n")
    log.info("wrote %s (%.1f MB) in %.0fs", dest.name, dest.stat().st_size / 1e6,
             time.monotonic() - started)
    log.info("pruned %d old dumps", prune(args.dir, args.keep))
    return 0


if __name__ == "__main__":
    sys.exit(main())
