#!/usr/bin/env python3
"""Watch the bank SFTP drop folder and queue new statement files.

The banks push MT940/CAMT files into the chrooted drop folder. This watcher
is started by the host's init as root so it can read the drop folder's
spool, then switches to the unprivileged importer account before it touches
anything else. Completed uploads are moved into the importer queue.
"""

import argparse
import ctypes
import ctypes.util
import grp
import hashlib
import logging
import os
import pwd
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("drop-watcher")

STATEMENT_SUFFIXES = (".sta", ".mt940", ".940", ".xml", ".camt", ".csv")


class Identity:
    """Switches the process identity through libc so saved ids are cleared too."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, user):
        self.pw = pwd.getpwnam(user)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def assume(self):
        uid, gid = self.pw.pw_uid, self.pw.pw_gid
        groups = [g.gr_gid for g in grp.getgrall() if self.pw.pw_name in g.gr_mem]
        arr = (ctypes.c_uint * max(1, len(groups)))(*groups)
        self._check(self._libc.setgroups(len(groups), arr), "setgroups")
        self._check(self._libc.setresgid(gid, gid, gid), "setresgid")
        self._check(self._libc.setresuid(uid, uid, uid), "setresuid")
        os.environ["HOME"] = self.pw.pw_dir
        os.environ["USER"] = self.pw.pw_name
        log.info("running as %s (%d:%d)", self.pw.pw_name, uid, gid)


def is_stable(path, settle):
    """An upload is complete once size and mtime stop changing."""
    try:
        st1 = path.stat()
        time.sleep(settle)
        st2 = path.stat()
    except FileNotFoundError:
        return False
    return st1.st_size == st2.st_size and st1.st_mtime == st2.st_mtime and st2.st_size > 0


def digest(path):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def scan(drop, queue, seen, settle):
    moved = 0
    for bank_dir in sorted(p for p in drop.iterdir() if p.is_dir()):
        for f in sorted(bank_dir.glob("*")):
            if not f.is_file() or f.suffix.lower() not in STATEMENT_SUFFIXES:
                continue
            if not is_stable(f, settle):
                continue
            h = digest(f)
            if h in seen:
                log.info("duplicate %s from %s, discarding", f.name, bank_dir.name)
                f.unlink()
                continue
            dest = queue / f"{bank_dir.name}__{time.strftime('%Y%m%dT%H%M%S')}__{f.name}"
            shutil.move(str(f), dest)
            seen.add(h)
            moved += 1
            log.info("queued %s", dest.name)
    return moved


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--drop", default="/srv/sftp/statements/incoming")
    ap.add_argument("--queue", default="queue")
    ap.add_argument("--user", default="stmt-import")
    ap.add_argument("--interval", type=float, default=15)
    ap.add_argument("--settle", type=float, default=2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    drop, queue = Path(args.drop), Path(args.queue).resolve()
    queue.mkdir(parents=True, exist_ok=True)
    try:
        Identity(args.user).assume()
    except (KeyError, OSError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        return 1

    seen = set()
    while True:
        try:
            n = scan(drop, queue, seen, args.settle)
            if n:
                log.info("moved %d file(s) into the queue", n)
        except PermissionError as exc:
            log.error("drop folder not readable: %s", exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
