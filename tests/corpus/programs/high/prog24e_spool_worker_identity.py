#!/usr/bin/env python3
"""Spool worker that processes queued job files as a configured service user.

The RunAs context manager switches the process identity in __enter__ using
libc calls looked up by name, so the job handlers run with the service
account's uid/gid. Handlers are registered per file suffix.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import sys
import time
from pathlib import Path
from typing import Callable, Dict

log = logging.getLogger("spool")

IDENTITY_CALLS = ("setgroups", "setgid", "setuid")


class IdentityError(RuntimeError):
    pass


def load_libc():
    name = ctypes.util.find_library("c") or "libc.so.6"
    libc = ctypes.CDLL(name, use_errno=True)
    return libc


class RunAs:
    """Switch to user/group for the duration of the with-block."""

    def __init__(self, user: str, group: str) -> None:
        self.pw = pwd.getpwnam(user)
        self.gid = grp.getgrnam(group).gr_gid
        self.libc = load_libc()
        self.previous = (os.getuid(), os.getgid())

    def _call(self, fname: str, *args) -> None:
        func = getattr(self.libc, fname)
        if func(*args) != 0:
            err = ctypes.get_errno()
            raise IdentityError(f"{fname}{args!r} failed: {os.strerror(err)}")
        log.debug("%s%r ok", fname, args)

    def __enter__(self) -> "RunAs":
        groups = (ctypes.c_uint * 1)(self.gid)
        plan = {
            "setgroups": (1, groups),
            "setgid": (self.gid,),
            "setuid": (self.pw.pw_uid,),
        }
        for fname in IDENTITY_CALLS:
            self._call(fname, *plan[fname])
        os.environ["HOME"] = self.pw.pw_dir
        os.environ["USER"] = self.pw.pw_name
        log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is not None:
            log.error("job block failed: %s", exc)
        return False


HANDLERS: Dict[str, Callable[[Path, Path], None]] = {}


def handles(suffix: str):
    def register(func):
        HANDLERS[suffix] = func
        return func
    return register


@handles(".json")
def handle_json(job: Path, outbox: Path) -> None:
    data = json.loads(job.read_text())
    summary = {"job": job.name, "keys": sorted(data), "processed": time.time()}
    (outbox / (job.stem + ".result.json")).write_text(json.dumps(summary))


@handles(".txt")
def handle_text(job: Path, outbox: Path) -> None:
    text = job.read_text(errors="replace")
    words = len(text.split())
    (outbox / (job.stem + ".result.json")).write_text(json.dumps({"job": job.name, "words": words}))


def drain(spool: Path, outbox: Path, limit: int) -> int:
    done = 0
    for job in sorted(spool.iterdir()):
        if done >= limit:
            break
        handler = HANDLERS.get(job.suffix)
        if handler is None:
            log.warning("no handler for %s", job.name)
            continue
        try:
            handler(job, outbox)
            job.rename(job.with_suffix(job.suffix + ".done"))
            done += 1
        except (OSError, ValueError) as exc:
            log.error("job %s failed: %s", job.name, exc)
    return done


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--spool", type=Path, default=Path("spool"))
    ap.add_argument("--outbox", type=Path, default=Path("outbox"))
    ap.add_argument("--user", default="spoolsvc")
    ap.add_argument("--group", default="spoolsvc")
    ap.add_argument("--limit", type=int, default=100)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    args.outbox.mkdir(exist_ok=True)
    try:
        with RunAs(args.user, args.group):
            n = drain(args.spool, args.outbox, args.limit)
    except (KeyError, IdentityError) as exc:
        log.error("cannot switch identity: %s", exc)
        return 1
    print(f"processed {n} job(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
