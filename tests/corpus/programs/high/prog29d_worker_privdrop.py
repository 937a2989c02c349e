#!/usr/bin/env python3
"""Queue worker launcher.

Binds the worker's identity to the service account named in worker.ini
before processing jobs from the local spool directory. Identity switching
goes straight to libc so it also works on minimal interpreters that were
built without the os.set* wrappers.
"""
import argparse
import configparser
import ctypes
import ctypes.util
import grp
import json
import logging
import pwd
import time
from pathlib import Path

log = logging.getLogger("worker")

# step name -> libc symbol, applied in this order
IDENTITY_STEPS = [
    ("groups", "setgroups"),
    ("gid", "setresgid"),
    ("uid", "setresuid"),
]


class IdentityError(RuntimeError):
    pass


def _libc():
    path = ctypes.util.find_library("c") or "libc.so.6"
    return ctypes.CDLL(path, use_errno=True)


def resolve_account(cfg):
    user = cfg.get("identity", "user", fallback="nobody")
    group = cfg.get("identity", "group", fallback=None)
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    return user, pw.pw_uid, gid


def assume_identity(uid, gid):
    libc = _libc()
    args = {
        "groups": (1, (ctypes.c_uint * 1)(gid)),
        "gid": (gid, gid, gid),
        "uid": (uid, uid, uid),
    }
    for step, symbol in IDENTITY_STEPS:
        fn = getattr(libc, symbol)
        rc = fn(*args[step])
        if rc != 0:
            err = ctypes.get_errno()
            raise IdentityError(f"{symbol} failed: errno {err}")
        log.debug("%s applied", symbol)


class Spool:
    def __init__(self, root: Path):
        self.root = root
        self.done = root / "done"
        self.done.mkdir(parents=True, exist_ok=True)

    def pending(self):
        return sorted(self.root.glob("*.job.json"))

    def process(self, job_path: Path):
        job = json.loads(job_path.read_text())
        kind = job.get("kind", "noop")
        if kind == "wordcount":
            text = Path(job["input"]).read_text()
            job["result"] = len(text.split())
        elif kind == "checksum":
            data = Path(job["input"]).read_bytes()
            job["result"] = sum(data) & 0xFFFFFFFF
        else:
            job["result"] = None
        (self.done / job_path.name).write_text(json.dumps(job))
        job_path.unlink()
        return kind


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="worker.ini")
    ap.add_argument("--spool", default="spool")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--poll", type=float, default=2.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = configparser.ConfigParser()
    cfg.read(args.config)
    user, uid, gid = resolve_account(cfg)
    try:
        assume_identity(uid, gid)
    except IdentityError as exc:
        log.error("cannot switch to %s: %s", user, exc)
        raise SystemExit(1)
    log.info("running as %s (uid=%d gid=%d)", user, uid, gid)

    spool = Spool(Path(args.spool))
    while True:
        for job in spool.pending():
            try:
                kind = spool.process(job)
                log.info("processed %s (%s)", job.name, kind)
            except (OSError, ValueError, KeyError) as exc:
                log.warning("job %s failed: %s", job.name, exc)
        if args.once:
            break
        time.sleep(args.poll)


if __name__ == "__main__":
    main()
