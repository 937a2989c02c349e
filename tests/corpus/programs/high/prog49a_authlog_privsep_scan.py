#!/usr/bin/env python3
"""Count failed SSH logins per source address from the system auth log.

Started as root only so it can open the auth log; the descriptor is
opened first and then the process switches to an unprivileged account
(via libc, so the saved IDs are reset too) before parsing anything.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import re
import sys
from collections import Counter
from pathlib import Path

log = logging.getLogger("authlog_scan")

FAILED = re.compile(r"Failed password for (?:invalid user )?(\S+) from ([0-9a-fA-F:.]+)")
INVALID = re.compile(r"Invalid user (\S+) from ([0-9a-fA-F:.]+)")


class Credentials:
    def __init__(self):
        path = ctypes.util.find_library("c") or "libc.so.6"
        self.libc = ctypes.CDLL(path, use_errno=True)
        gid_t = ctypes.c_uint
        self.libc.setresgid.argtypes = [gid_t, gid_t, gid_t]
        self.libc.setresuid.argtypes = [gid_t, gid_t, gid_t]
        self.libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(gid_t)]

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def switch_to(self, username):
        pw = pwd.getpwnam(username)
        self._check(self.libc.setgroups(0, None), "setgroups")
        self._check(self.libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
        self._check(self.libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
        os.environ["HOME"] = pw.pw_dir
        log.info("now running as %s (uid %d)", username, os.getuid())


def parse(stream):
    failures, users = Counter(), Counter()
    for raw in stream:
        line = raw.decode("utf-8", "replace")
        m = FAILED.search(line) or INVALID.search(line)
        if m:
            users[m.group(1)] += 1
            failures[m.group(2)] += 1
    return failures, users


def write_report(out, failures, users, top):
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8") as fh:
        fh.write("# failed ssh logins by source\n")
        for addr, n in failures.most_common(top):
            fh.write(f"{n:7d}  {addr}\n")
        fh.write("\n# most tried user names\n")
        for user, n in users.most_common(top):
            fh.write(f"{n:7d}  {user}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--log", default="/var/log/auth.log")
    ap.add_argument("--run-as", default="nobody")
    ap.add_argument("--top", type=int, default=20)
    ap.add_argument("--out", default="reports/ssh-failures.txt")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    out = Path(args.out).resolve()
    try:
        stream = open(args.log, "rb")
    except PermissionError:
        log.error("cannot open %s; start as root", args.log)
        return 2
    if os.geteuid() == 0:
        try:
            Credentials().switch_to(args.run_as)
        except (OSError, KeyError) as exc:
            log.error("could not drop privileges: %s", exc)
            return 3
    with stream:
        failures, users = parse(stream)
    write_report(out, failures, users, args.top)
    log.info("%d sources, report in %s", len(failures), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
