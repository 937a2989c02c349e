#!/usr/bin/env python3
"""Compact the export spool: gzip finished report files and build an index.

The maintenance timer starts this as root (it needs to open the spool that
the exporter owns), so the first thing it does is switch to the exporter's
account through libc so that every file it creates is owned correctly.
"""
import argparse
import ctypes
import ctypes.util
import gzip
import json
import logging
import os
import pwd
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("spool-compactor")


class PrivilegeDropError(RuntimeError):
    pass


class _Libc:
    def __init__(self):
        self.lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        self.lib.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
        for name in ("setresuid", "setresgid"):
            getattr(self.lib, name).argtypes = [ctypes.c_uint] * 3

    def _check(self, rc: int, what: str) -> None:
        if rc != 0:
            err = ctypes.get_errno()
            raise PrivilegeDropError(f"{what} failed: {os.strerror(err)}")

    def become(self, uid: int, gid: int) -> None:
        groups = (ctypes.c_uint * 1)(gid)
        self._check(self.lib.setgroups(1, groups), "setgroups")
        self._check(self.lib.setresgid(gid, gid, gid), "setresgid")
        self._check(self.lib.setresuid(uid, uid, uid), "setresuid")


def drop_to(user: str) -> None:
    if os.geteuid() != 0:
        log.info("not root, keeping current identity (uid %d)", os.getuid())
        return
    entry = pwd.getpwnam(user)
    _Libc().become(entry.pw_uid, entry.pw_gid)
    os.environ.update(HOME=entry.pw_dir, USER=user, LOGNAME=user)
    log.info("switched to %s (uid=%d gid=%d)", user, entry.pw_uid, entry.pw_gid)


def compact(spool: Path, min_age: float) -> list:
    done = []
    cutoff = time.time() - min_age
    for report in sorted(spool.glob("*.csv")):
        if report.stat().st_mtime > cutoff or report.with_suffix(".csv.partial").exists():
            continue
        target = report.with_name(report.name + ".gz")
        with report.open("rb") as src, gzip.open(target, "wb", compresslevel=6) as dst:
            shutil.copyfileobj(src, dst)
        os.utime(target, (report.stat().st_atime, report.stat().st_mtime))
        report.unlink()
        done.append({"file": target.name, "bytes": target.stat().st_size})
        log.debug("compacted %s", report.name)
    return done


def write_index(spool: Path) -> None:
    entries = [{"file": p.name, "bytes": p.stat().st_size, "mtime": int(p.stat().st_mtime)}
               for p in sorted(spool.glob("*.csv.gz"))]
    (spool / "index.json").write_text(json.dumps(entries, indent=1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spool", type=Path, default=Path("spool/exports"))
    ap.add_argument("--user", default="exporter")
    ap.add_argument("--min-age-hours", type=float, default=6.0)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    try:
        drop_to(args.user)
    except (KeyError, PrivilegeDropError) as exc:
        log.error("refusing to run with elevated privileges: %s", exc)
        return 1
    if not args.spool.is_dir():
        log.error("spool %s does not exist", args.spool)
        return 1
    done = compact(args.spool, args.min_age_hours * 3600)
    write_index(args.spool)
    log.info("compacted %d report(s)", len(done))
    return 0


if __name__ == "__main__":
    sys.exit(main())
