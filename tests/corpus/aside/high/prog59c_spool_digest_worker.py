#!/usr/bin/env python3
"""Digest mail-queue spool summaries into per-domain counts.

Port of a root cron one-liner
    cat /var/spool/digest/*.q | awk -F'|' '{d[$3]++} END {for (k in d) print k, d[k]}'
The worker starts as root (to open the spool), then switches to an
unprivileged account through libc before parsing anything.
"""
import argparse
import ctypes
import ctypes.util
import glob
import grp
import logging
import os
import pwd
import sys
from collections import Counter

log = logging.getLogger("spool-digest")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(user, group=None):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    os.environ["USER"] = pw.pw_name
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def open_spool(pattern):
    handles = []
    for path in sorted(glob.glob(pattern)):
        try:
            handles.append((path, open(path, encoding="utf-8", errors="replace")))
        except OSError as exc:
            log.warning("cannot open %s: %s", path, exc)
    return handles


def digest(handles):
    per_domain, per_status = Counter(), Counter()
    for path, fh in handles:
        with fh:
            for line in fh:
                parts = line.rstrip("\n").split("|")
                if len(parts) < 4:
                    continue
                _, _, rcpt, status = parts[:4]
                domain = rcpt.rpartition("@")[2].lower() or "?"
                per_domain[domain] += 1
                per_status[status.strip() or "?"] += 1
    return per_domain, per_status


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spool", default="/var/spool/digest/*.q")
    ap.add_argument("--run-as", default="nobody")
    ap.add_argument("--group", default=None)
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--out", default="-")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    handles = open_spool(args.spool)
    if not handles:
        log.error("no spool files match %s", args.spool)
        return 1

    if os.geteuid() == 0:
        try:
            switch_identity(args.run_as, args.group)
        except (KeyError, OSError) as exc:
            log.error("could not drop to %s: %s", args.run_as, exc)
            return 1
    else:
        log.warning("not root; continuing as uid %d", os.getuid())

    per_domain, per_status = digest(handles)
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    with out if out is not sys.stdout else open(os.devnull, "w"):
        print("domain\tcount", file=out)
        for dom, n in per_domain.most_common(args.top):
            print(f"{dom}\t{n}", file=out)
        print("\nstatus\tcount", file=out)
        for st, n in sorted(per_status.items()):
            print(f"{st}\t{n}", file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
