#!/usr/bin/env python3
"""kernel_tuning_for_intake.py - raise connection and file limits on the
portal web host before the application deadline traffic spike.

Reads current values from /proc/sys, works out which need raising, writes
a small shell script with `sysctl -w` calls and runs it with sudo.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("intake-tuning")

TARGETS = {
    "net.core.somaxconn": 4096,
    "net.ipv4.tcp_max_syn_backlog": 8192,
    "net.ipv4.ip_local_port_range": "10240 65000",
    "fs.file-max": 2097152,
    "net.ipv4.tcp_fin_timeout": 15,
}


def proc_path(key):
    return os.path.join("/proc/sys", *key.split("."))


def current_value(key):
    try:
        with open(proc_path(key), encoding="ascii") as fh:
            return " ".join(fh.read().split())
    except OSError as exc:
        LOG.warning("cannot read %s: %s", key, exc)
        return None


def needs_change(key, target, current):
    if current is None:
        return False
    if isinstance(target, int):
        try:
            # only ever raise limits, except timeouts which we lower
            if key.endswith("timeout"):
                return int(current) > target
            return int(current) < target
        except ValueError:
            return True
    return current != target


class TuningPlan:
    def __init__(self, targets):
        self.changes = {}
        for key, target in targets.items():
            cur = current_value(key)
            if needs_change(key, target, cur):
                self.changes[key] = (cur, target)

    def script(self):
        lines = ["#!/bin/sh", "set -e"]
        for key, (_, target) in self.changes.items():
            lines.append(f'sysctl -w {key}="{target}"')
        # file-max is also written straight to /proc in case sysctl is absent
        if "fs.file-max" in self.changes:
            lines.append(f'echo {self.changes["fs.file-max"][1]} > /proc/sys/fs/file-max')
        return "\n".join(lines) + "\n"


def apply(plan):
    fd, path = tempfile.mkstemp(prefix="intake-sysctl-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(plan.script())
    try:
        proc = subprocess.run(["sudo", "sh", path], capture_output=True, text=True)
    finally:
        os.unlink(path)
    for line in proc.stdout.splitlines():
        LOG.info("  %s", line)
    if proc.returncode != 0:
        LOG.error("sysctl script failed: %s", proc.stderr.strip())
    return proc.returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--check", action="store_true", help="report only")
    ap.add_argument("--somaxconn", type=int, default=TARGETS["net.core.somaxconn"])
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    targets = dict(TARGETS, **{"net.core.somaxconn": args.somaxconn})
    plan = TuningPlan(targets)
    if not plan.changes:
        LOG.info("all kernel settings already at or beyond targets")
        return 0
    for key, (cur, tgt) in plan.changes.items():
        LOG.info("%-32s %s -> %s", key, cur, tgt)
    if args.check:
        return 0
    return apply(plan)


if __name__ == "__main__":
    sys.exit(main())
