#!/usr/bin/env python3
"""Run a package build as an unprivileged builder identity for reproducible output.

Intended to be started as root inside the build VM: it normalises the
environment (SOURCE_DATE_EPOCH, umask, locale), drops to the 'builder'
account through libc and then runs the build command, recording a
digest of every produced artifact.
"""
import argparse
import ctypes
import ctypes.util
import grp
import hashlib
import json
import logging
import os
import pwd
import subprocess
import sys

log = logging.getLogger("hermetic-build")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed: {os.strerror(err)}")


def drop_to(user: str, group: str):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


def reproducible_env(epoch: int) -> dict:
    keep = {k: os.environ[k] for k in ("PATH", "HOME", "USER") if k in os.environ}
    keep.update(SOURCE_DATE_EPOCH=str(epoch), LC_ALL="C.UTF-8", TZ="UTC",
                PYTHONHASHSEED="0", GOFLAGS="-trimpath", CARGO_INCREMENTAL="0")
    return keep


def digest_outputs(out_dir: str) -> dict:
    digests = {}
    for root, _dirs, files in os.walk(out_dir):
        for name in sorted(files):
            path = os.path.join(root, name)
            h = hashlib.sha256()
            with open(path, "rb") as fh:
                for chunk in iter(lambda: fh.read(65536), b""):
                    h.update(chunk)
            digests[os.path.relpath(path, out_dir)] = h.hexdigest()
    return digests


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default="builder")
    ap.add_argument("--group", default="builder")
    ap.add_argument("--epoch", type=int, default=int(os.environ.get("SOURCE_DATE_EPOCH", "0")))
    ap.add_argument("--out-dir", default="out")
    ap.add_argument("--record", default="build-record.json")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.command:
        ap.error("no build command given (use -- make dist)")
    cmd = args.command[1:] if args.command[0] == "--" else args.command

    if os.geteuid() == 0:
        drop_to(args.user, args.group)
    else:
        log.warning("not root; building as current user %d", os.getuid())
    os.umask(0o022)

    proc = subprocess.run(cmd, env=reproducible_env(args.epoch))
    if proc.returncode != 0:
        log.error("build failed with %d", proc.returncode)
        return proc.returncode
    record = {"command": cmd, "epoch": args.epoch, "uid": os.getuid(),
              "artifacts": digest_outputs(args.out_dir)}
    with open(args.record, "w") as fh:
        json.dump(record, fh, indent=2, sort_keys=True)
    log.info("recorded %d artifacts in %s", len(record["artifacts"]), args.record)
    return 0


if __name__ == "__main__":
    sys.exit(main())
