#!/usr/bin/env python3
"""Start a long-running collector under a dedicated service identity.

Meant to be launched by an init wrapper: it switches group list, gid and uid
through libc (so the calls behave the same on musl and glibc builds of the
interpreter) before handing control to the collector loop.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import time

log = logging.getLogger("launcher")

_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6",
                    use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


class IdentityError(RuntimeError):
    pass


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise IdentityError(f"{what} failed: {os.strerror(err)}")


def become(user, extra_groups=()):
    pw = pwd.getpwnam(user)
    gids = [pw.pw_gid] + [grp.getgrnam(g).gr_gid for g in extra_groups]
    arr = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(len(gids), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    log.info("now running as uid=%d gid=%d groups=%s",
             os.getuid(), os.getgid(), os.getgroups())


def collector(interval, out):
    # Placeholder for the actual metric scraping.
    while True:
        with open(out, "a", encoding="utf-8") as fh:
            load1, load5, load15 = os.getloadavg()
            fh.write(f"{int(time.time())} {load1:.2f} {load5:.2f} {load15:.2f}\n")
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default="metrics")
    ap.add_argument("--group", action="append", default=[],
                    help="supplementary group (repeatable)")
    ap.add_argument("--interval", type=float, default=15.0)
    ap.add_argument("--out", default="loadavg.log")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    if os.geteuid() == 0:
        try:
            become(args.user, args.group)
        except (KeyError, IdentityError) as exc:
            log.error("cannot switch identity: %s", exc)
            return 1
    else:
        log.warning("not root, keeping uid %d", os.geteuid())

    if args.once:
        load = os.getloadavg()
        log.info("loadavg %s", load)
        return 0
    try:
        collector(args.interval, args.out)
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
