#!/usr/bin/env python3
"""Forking supervisor for the checksum worker.

The parent forks one child that walks the dataset directory and writes a
SHA-256 manifest.  If the child dies abnormally it is restarted (at most
--max-restarts times).  SIGTERM/SIGINT are forwarded to the child.
"""
import argparse
import fcntl
import hashlib
import logging
import os
import signal
import sys
import time

log = logging.getLogger("cksup")

child_pid = 0
shutting_down = False


def checksum_worker(dataset, manifest):
    """Runs inside the child process."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    tmp_manifest = manifest + ".partial"
    count = 0
    with open(tmp_manifest, "w") as out:
        for dirpath, dirnames, filenames in os.walk(dataset):
            dirnames.sort()
            for fname in sorted(filenames):
                path = os.path.join(dirpath, fname)
                h = hashlib.sha256()
                with open(path, "rb") as fh:
                    for chunk in iter(lambda: fh.read(1 << 20), b""):
                        h.update(chunk)
                out.write("%s  %s\n" % (h.hexdigest(), os.path.relpath(path, dataset)))
                count += 1
    os.replace(tmp_manifest, manifest)
    log.info("child %d hashed %d files", os.getpid(), count)
    return 0


def forward_signal(signum, _frame):
    global shutting_down
    shutting_down = True
    if child_pid:
        log.info("forwarding signal %d to %d", signum, child_pid)
        try:
            os.kill(child_pid, signum)
        except ProcessLookupError:
            pass


def spawn(dataset, manifest):
    pid = os.fork()
    if pid == 0:
        try:
            code = checksum_worker(dataset, manifest)
        except Exception:
            log.exception("worker crashed")
            code = 1
        os._exit(code)
    return pid


def lock_pidfile(path):
    fh = open(path, "a+")
    try:
        fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        sys.exit("another supervisor holds %s" % path)
    fh.seek(0)
    fh.truncate()
    fh.write("%d\n" % os.getpid())
    fh.flush()
    return fh


def supervise(dataset, manifest, max_restarts, delay):
    global child_pid
    attempts = 0
    while True:
        child_pid = spawn(dataset, manifest)
        log.info("started worker pid %d (attempt %d)", child_pid, attempts + 1)
        while True:
            try:
                _, status = os.waitpid(child_pid, 0)
                break
            except InterruptedError:
                continue
        code = os.waitstatus_to_exitcode(status)
        child_pid = 0
        if code == 0:
            log.info("manifest complete: %s", manifest)
            return 0
        if shutting_down:
            log.info("worker stopped during shutdown (%d)", code)
            return 1
        attempts += 1
        if attempts > max_restarts:
            log.error("worker failed %d times, giving up", attempts)
            return 1
        log.warning("worker exited with %d, retrying in %.1fs", code, delay)
        time.sleep(delay)
        delay *= 2


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("dataset", nargs="?", default="data")
    ap.add_argument("--manifest", default="SHA256SUMS")
    ap.add_argument("--pidfile", default="cksup.pid")
    ap.add_argument("--max-restarts", type=int, default=3)
    ap.add_argument("--delay", type=float, default=2.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s [%(process)d] %(levelname)s %(message)s")

    pid_fh = lock_pidfile(args.pidfile)
    signal.signal(signal.SIGTERM, forward_signal)
    signal.signal(signal.SIGINT, forward_signal)
    try:
        return supervise(args.dataset, args.manifest, args.max_restarts, args.delay)
    finally:
        pid_fh.close()
        os.unlink(args.pidfile)


if __name__ == "__main__":
    sys.exit(main())
