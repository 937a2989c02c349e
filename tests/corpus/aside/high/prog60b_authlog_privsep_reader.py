#!/usr/bin/env python3
"""Privilege-separated auth log reader.

Started as root only long enough to open the protected logs, then drops to the
invoking (or a named) unprivileged account with setresgid/setresuid through
libc before any parsing happens. The report is written to the working directory.
"""
import argparse
import collections
import ctypes
import ctypes.util
import gzip
import logging
import os
import pwd
import re
import sys
from pathlib import Path

log = logging.getLogger("privsep-reader")

PR_SET_NO_NEW_PRIVS = 38
LOG_CANDIDATES = ["/var/log/auth.log", "/var/log/auth.log.1", "/var/log/secure",
                  "/var/log/auth.log.2.gz", "/var/log/auth.log.3.gz"]
FAILED = re.compile(r"Failed \S+ for (?:invalid user )?(\S+) from (\S+)")
ACCEPTED = re.compile(r"Accepted (\S+) for (\S+) from (\S+)")

libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def drop_privileges(account):
    entry = pwd.getpwnam(account)
    uid, gid = entry.pw_uid, entry.pw_gid
    os.setgroups([])
    _check(libc.setresgid(gid, gid, gid), "setresgid")
    _check(libc.setresuid(uid, uid, uid), "setresuid")
    _check(libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl")
    if os.geteuid() == 0 or os.getuid() == 0:
        raise RuntimeError("still root after drop")
    os.environ.update(HOME=entry.pw_dir, USER=account, LOGNAME=account)
    log.info("now running as %s (%d:%d)", account, uid, gid)


def open_logs():
    handles = []
    for name in LOG_CANDIDATES:
        try:
            raw = open(name, "rb")
        except OSError:
            continue
        handles.append((name, gzip.GzipFile(fileobj=raw) if name.endswith(".gz") else raw))
    return handles


def parse(handles):
    failed, accepted = collections.Counter(), []
    for name, fh in handles:
        with fh:
            for raw in fh:
                line = raw.decode("utf-8", "replace")
                if m := FAILED.search(line):
                    failed[(m.group(1), m.group(2))] += 1
                elif m := ACCEPTED.search(line):
                    accepted.append((line[:15], m.group(2), m.group(1), m.group(3)))
    return failed, accepted


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--as-user", default=os.environ.get("SUDO_USER", "nobody"))
    ap.add_argument("--out", type=Path, default=Path("auth_report.txt"))
    ap.add_argument("--top", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        sys.exit("start as root (e.g. via sudo); privileges are dropped right after opening logs")

    handles = open_logs()
    if not handles:
        sys.exit("no auth logs found")
    drop_privileges(args.as_user)

    failed, accepted = parse(handles)
    with args.out.open("w") as out:
        out.write(f"sources: {', '.join(n for n, _ in handles)}\n\n[failed attempts]\n")
        for (user, src), n in failed.most_common(args.top):
            out.write(f"{n:>7}  {user:<20} {src}\n")
        out.write("\n[accepted logins]\n")
        for when, user, method, src in accepted:
            out.write(f"{when}  {user:<20} {method:<10} {src}\n")
    args.out.chmod(0o600)
    log.info("report written to %s", args.out)


if __name__ == "__main__":
    main()
