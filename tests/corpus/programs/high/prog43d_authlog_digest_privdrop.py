#!/usr/bin/env python3
"""Nightly digest of SSH authentication events.

Started as root by the scheduler so it can open /var/log/auth.log, then drops
to the unprivileged 'logdigest' user before parsing untrusted log content.
The digest is written into the current working directory.
"""
import argparse
import collections
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import re

log = logging.getLogger("authlog-digest")
FAILED = re.compile(r"Failed (?:password|publickey) for (?:invalid user )?(\S+) from (\S+)")
ACCEPTED = re.compile(r"Accepted (\S+) for (\S+) from (\S+)")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def drop_privileges(username):
    """Drop supplementary groups, then gid, then uid - via libc directly."""
    entry = pwd.getpwnam(username)
    gid_t = ctypes.c_uint
    groups = (gid_t * 1)(grp.getgrgid(entry.pw_gid).gr_gid)
    _check(_libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
    _check(_libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(_libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    if _libc.setuid(0) == 0:
        raise RuntimeError("privilege drop failed: could regain root")
    os.umask(0o077)
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def summarise(stream):
    failed_by_ip = collections.Counter()
    failed_users = collections.Counter()
    accepted = collections.Counter()
    for line in stream:
        m = FAILED.search(line)
        if m:
            failed_users[m.group(1)] += 1
            failed_by_ip[m.group(2)] += 1
            continue
        m = ACCEPTED.search(line)
        if m:
            accepted[(m.group(2), m.group(1))] += 1
    return failed_by_ip, failed_users, accepted


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--log", default="/var/log/auth.log")
    ap.add_argument("--user", default="logdigest")
    ap.add_argument("--out", default="authlog_digest.txt")
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    out_fd = os.open(args.out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o640)
    stream = open(args.log, encoding="utf-8", errors="replace")
    if os.geteuid() == 0:
        drop_privileges(args.user)
    with stream, os.fdopen(out_fd, "w") as out:
        by_ip, users, accepted = summarise(stream)
        out.write(f"Failed logins: {sum(by_ip.values())} from {len(by_ip)} addresses\n\n")
        for ip, n in by_ip.most_common(args.top):
            out.write(f"  {n:6d}  {ip}\n")
        out.write("\nMost targeted user names:\n")
        for user, n in users.most_common(args.top):
            out.write(f"  {n:6d}  {user}\n")
        out.write("\nSuccessful logins (user, method):\n")
        for (user, method), n in sorted(accepted.items()):
            out.write(f"  {n:6d}  {user:<16} {method}\n")
    log.info("digest written to %s", args.out)


if __name__ == "__main__":
    main()
