#!/usr/bin/env python3
"""Extract dataset access events from the kernel audit log.

Pulls every audit event tagged with a ``ds-*`` key (see the restricted-data
audit rules), joins the SYSCALL and PATH records of each event, and writes
one CSV row per access: time, login uid, uid, executable, path, syscall,
success.  The stewards use the CSV for the quarterly access review.

The audit log is root-only, so the tool opens it first and then runs the
parsing as the unprivileged review account.
"""
import argparse
import csv
import ctypes
import ctypes.util
import datetime as dt
import logging
import os
import pwd
import re
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("audit_extract")

RECORD = re.compile(r"type=(\w+) msg=audit\((\d+\.\d+):(\d+)\): (.*)")
FIELD = re.compile(r'(\w+)=("[^"]*"|\S+)')


class Credentials:
    """Switch the process to another account through libc."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    @classmethod
    def _check(cls, rc: int, what: str) -> None:
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    @classmethod
    def become(cls, account: str) -> None:
        pw = pwd.getpwnam(account)
        groups = (ctypes.c_uint * 1)(pw.pw_gid)
        cls._check(cls._libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
        cls._check(cls._libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
        cls._check(cls._libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
        os.environ.update(HOME=pw.pw_dir, USER=account, LOGNAME=account)
        log.debug("now running as %s (%d)", account, pw.pw_uid)


def parse_fields(text: str) -> dict:
    return {k: v.strip('"') for k, v in FIELD.findall(text)}


def events(handles):
    """Group records by event serial; yield completed events."""
    pending = defaultdict(list)
    for fh in handles:
        for line in fh:
            m = RECORD.match(line)
            if not m:
                continue
            rtype, ts, serial, rest = m.groups()
            pending[serial].append((rtype, float(ts), parse_fields(rest)))
            if rtype == "PROCTITLE" or rtype == "EOE":
                yield pending.pop(serial)
    yield from pending.values()


def rows(handles, key_prefix: str):
    for ev in events(handles):
        syscall = next((f for t, _, f in ev if t == "SYSCALL"), None)
        if not syscall or not syscall.get("key", "").startswith(key_prefix):
            continue
        when = dt.datetime.fromtimestamp(ev[0][1]).isoformat(timespec="seconds")
        for t, _, f in ev:
            if t == "PATH" and f.get("nametype") in ("NORMAL", "CREATE", "DELETE"):
                yield [when, syscall.get("auid"), syscall.get("uid"), syscall.get("exe"),
                       f.get("name"), syscall.get("syscall"), syscall.get("success"),
                       syscall.get("key")]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--log", type=Path, nargs="+",
                    default=[Path("/var/log/audit/audit.log")])
    ap.add_argument("--as-user", default=os.environ.get("AUDIT_REVIEW_USER", "auditrev"))
    ap.add_argument("--key-prefix", default="ds-")
    ap.add_argument("--out", type=Path, default=Path("dataset_access_events.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        handles = [p.open(encoding="utf-8", errors="replace") for p in args.log]
    except PermissionError as exc:
        log.error("%s (run from the review wrapper or as root)", exc)
        return 2
    out = args.out.open("w", newline="", encoding="utf-8")

    if os.geteuid() == 0:
        try:
            Credentials.become(args.as_user)
        except (KeyError, OSError) as exc:
            log.error("cannot switch to %s: %s", args.as_user, exc)
            return 3

    with out:
        w = csv.writer(out)
        w.writerow(["time", "auid", "uid", "exe", "path", "syscall", "success", "key"])
        n = 0
        for row in rows(handles, args.key_prefix):
            w.writerow(row)
            n += 1
    for fh in handles:
        fh.close()
    log.info("%d dataset access events -> %s", n, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
