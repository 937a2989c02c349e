#!/usr/bin/env python3
"""Queue worker built on a small daemon base class that switches to a service account."""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import queue
import signal
import threading
import time

log = logging.getLogger("worker")


class IdentitySwitcher:
    """Switch the process credentials via libc so child threads inherit them."""

    def __init__(self, user, group=None):
        self.pw = pwd.getpwnam(user)
        self.gid = grp.getgrnam(group).gr_gid if group else self.pw.pw_gid
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def apply(self):
        groups = (ctypes.c_uint * 1)(self.gid)
        self._check(self.libc.setgroups(1, groups), "setgroups")
        self._check(self.libc.setgid(self.gid), "setgid")
        self._check(self.libc.setuid(self.pw.pw_uid), "setuid")
        os.environ["HOME"] = self.pw.pw_dir
        log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


class DaemonBase:
    def __init__(self, identity=None):
        self.identity = identity
        self.stop_event = threading.Event()

    def setup(self):
        signal.signal(signal.SIGTERM, lambda *_: self.stop_event.set())
        signal.signal(signal.SIGINT, lambda *_: self.stop_event.set())
        if self.identity:
            self.identity.apply()

    def loop(self):
        raise NotImplementedError

    def run(self):
        self.setup()
        try:
            self.loop()
        finally:
            log.info("shutdown complete")


class ThumbnailWorker(DaemonBase):
    def __init__(self, spool, identity=None, threads=2):
        super().__init__(identity)
        self.spool = spool
        self.jobs = queue.Queue()
        self.threads = threads

    def scan(self):
        for name in sorted(os.listdir(self.spool)):
            if name.endswith(".job"):
                self.jobs.put(os.path.join(self.spool, name))

    def handle(self):
        while not self.stop_event.is_set():
            try:
                path = self.jobs.get(timeout=1)
            except queue.Empty:
                continue
            with open(path) as fh:
                log.info("processing %s -> %s", path, fh.read().strip())
            os.rename(path, path + ".done")

    def loop(self):
        workers = [threading.Thread(target=self.handle, daemon=True) for _ in range(self.threads)]
        for w in workers:
            w.start()
        while not self.stop_event.is_set():
            self.scan()
            time.sleep(5)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spool", default="spool")
    ap.add_argument("--user", default="thumbs")
    ap.add_argument("--group")
    ap.add_argument("--no-switch", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    identity = None if args.no_switch else IdentitySwitcher(args.user, args.group)
    ThumbnailWorker(args.spool, identity).run()


if __name__ == "__main__":
    main()
