#!/usr/bin/env python3
"""Incident log bundle collector.

Started as root by the on-call wrapper so it can open the service's log
directory, then immediately switches to the service account before parsing
anything, and writes a tar.gz bundle for the incident ticket."""
import argparse
import ctypes
import ctypes.util
import grp
import io
import logging
import os
import pwd
import tarfile
import time
from pathlib import Path

log = logging.getLogger("collector")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]


def become(account):
    """Switch real, effective and saved ids to the service account."""
    pw = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    os.setgroups(sorted(set(groups + [pw.pw_gid])))
    if _libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid) != 0:
        raise OSError(ctypes.get_errno(), "setresgid failed")
    if _libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid) != 0:
        raise OSError(ctypes.get_errno(), "setresuid failed")
    os.environ.update(HOME=pw.pw_dir, USER=account, LOGNAME=account)
    log.info("now running as %s (uid=%d gid=%d)", account, os.getuid(), os.getgid())


def open_log_fds(log_dir, since):
    """Open candidate files while still privileged; return (name, fileobj)."""
    handles = []
    for entry in sorted(Path(log_dir).iterdir()):
        if not entry.is_file():
            continue
        if entry.stat().st_mtime < since:
            continue
        handles.append((entry.name, entry.open("rb")))
    return handles


def bundle(handles, out_path, max_mb):
    budget = max_mb * 1024 * 1024
    with tarfile.open(out_path, "w:gz") as tar:
        for name, fh in handles:
            data = fh.read(budget)
            fh.close()
            if not data:
                continue
            budget -= len(data)
            info = tarfile.TarInfo(name=f"logs/{name}")
            info.size, info.mtime = len(data), int(time.time())
            tar.addfile(info, io.BytesIO(data))
            log.info("added %s (%d KiB)", name, len(data) // 1024)
            if budget <= 0:
                log.warning("size budget exhausted, bundle truncated")
                break


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("service")
    ap.add_argument("--account", help="service account (default: service name)")
    ap.add_argument("--log-root", default="/var/log")
    ap.add_argument("--hours", type=float, default=6.0)
    ap.add_argument("--max-mb", type=int, default=200)
    ap.add_argument("--ticket", required=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    since = time.time() - args.hours * 3600
    handles = open_log_fds(os.path.join(args.log_root, args.service), since)
    if os.geteuid() == 0:
        become(args.account or args.service)
    out = Path.cwd() / f"{args.ticket}-{args.service}-logs.tar.gz"
    bundle(handles, out, args.max_mb)
    log.info("bundle ready: %s", out)


if __name__ == "__main__":
    main()
