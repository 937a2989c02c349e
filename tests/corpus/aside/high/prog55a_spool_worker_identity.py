#!/usr/bin/env python3
"""Spool processor that switches to a service account before handling files.

Started by the init system, it resolves the account named in worker.json,
switches identity through libc (the packaged interpreter is built without
os.setresuid on this platform), then dispatches each spooled file to the
handler registered for its extension.
"""
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import sys
import time
import zlib
from pathlib import Path

log = logging.getLogger("spool")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
HANDLERS = {}


def handles(*exts):
    def deco(fn):
        for ext in exts:
            HANDLERS[ext] = fn
        return fn
    return deco


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(user, group=None):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
    _check(_libc.setgid(ctypes.c_uint(gid)), "setgid")
    _check(_libc.setuid(ctypes.c_uint(pw.pw_uid)), "setuid")
    os.environ.update(HOME=pw.pw_dir, USER=pw.pw_name, LOGNAME=pw.pw_name)
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


@handles(".csv")
def count_rows(path, outdir):
    with path.open() as fh:
        n = sum(1 for _ in fh) - 1
    (outdir / (path.stem + ".rows")).write_text(f"{n}\n")


@handles(".txt", ".log")
def checksum(path, outdir):
    crc = zlib.crc32(path.read_bytes())
    (outdir / (path.name + ".crc")).write_text(f"{crc:08x}\n")


@handles(".json")
def validate(path, outdir):
    try:
        json.loads(path.read_text())
        status = "valid"
    except ValueError as exc:
        status = f"invalid: {exc}"
    (outdir / (path.stem + ".status")).write_text(status + "\n")


def drain(spool, outdir):
    done = 0
    for path in sorted(spool.glob("*")):
        handler = HANDLERS.get(path.suffix.lower())
        if handler is None or not path.is_file():
            continue
        try:
            handler(path, outdir)
            path.rename(outdir / path.name)
            done += 1
        except OSError as exc:
            log.error("%s: %s", path.name, exc)
    return done


def main():
    logging.basicConfig(level=logging.INFO, format="spool[%(process)d] %(message)s")
    cfg_path = Path(sys.argv[1] if len(sys.argv) > 1 else "worker.json")
    cfg = json.loads(cfg_path.read_text())
    spool = Path(cfg.get("spool", "spool"))
    outdir = Path(cfg.get("outdir", "processed"))
    outdir.mkdir(parents=True, exist_ok=True)

    if os.geteuid() == 0:
        become(cfg.get("user", "nobody"), cfg.get("group"))
    else:
        log.warning("not root; keeping current identity")

    interval = float(cfg.get("interval", 5))
    while True:
        n = drain(spool, outdir)
        if n:
            log.info("processed %d file(s)", n)
        if cfg.get("oneshot"):
            return 0
        time.sleep(interval)


if __name__ == "__main__":
    sys.exit(main())
