#!/usr/bin/env python3
"""Check (and optionally raise) inotify limits for large monorepo checkouts.

Watchman, the git fsmonitor daemon and IDE file watchers run out of inotify
watches on our monorepo (~400k files). This tool counts the directories in
the checkout, compares with the kernel limits, and with --apply raises them
now and persistently via /etc/sysctl.d.
"""
import argparse
import logging
import os
import subprocess
import sys

log = logging.getLogger("watch-limits")

PROC_BASE = "/proc/sys/fs/inotify"
SYSCTL_DROPIN = "/etc/sysctl.d/60-monorepo-inotify.conf"
KEYS = {
    "max_user_watches": 524288,
    "max_user_instances": 1024,
    "max_queued_events": 32768,
}
SKIP = {".git", "node_modules", "bazel-out", ".cache", "target"}


def read_limit(key):
    with open(os.path.join(PROC_BASE, key), encoding="ascii") as fh:
        return int(fh.read().strip())


def count_dirs(root):
    total = 0
    for dirpath, dirnames, _ in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP]
        total += 1
    return total


def recommended(dir_count):
    wanted = dict(KEYS)
    # watchers typically need one watch per directory, with head-room for IDEs
    needed = dir_count * 4
    if needed > wanted["max_user_watches"]:
        wanted["max_user_watches"] = 1 << (needed - 1).bit_length()
    return wanted


def render_dropin(values):
    lines = ["# Managed by monorepo_watcher_limits.py -- raise inotify limits"]
    lines += [f"fs.inotify.{k} = {v}" for k, v in sorted(values.items())]
    return "\n".join(lines) + "\n"


def apply(values):
    content = render_dropin(values)
    proc = subprocess.run(["sudo", "tee", SYSCTL_DROPIN], input=content,
                          text=True, stdout=subprocess.DEVNULL)
    if proc.returncode != 0:
        raise RuntimeError(f"writing {SYSCTL_DROPIN} failed")
    log.info("wrote %s", SYSCTL_DROPIN)
    for key, value in values.items():
        subprocess.run(["sudo", "sysctl", "-w", f"fs.inotify.{key}={value}"],
                       check=True, stdout=subprocess.DEVNULL)
        log.info("fs.inotify.%s = %d (live)", key, value)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("checkout", nargs="?", default=".")
    ap.add_argument("--apply", action="store_true",
                    help="raise the limits now and persist them (uses sudo)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    if not os.path.isdir(PROC_BASE):
        log.error("%s not present; not a Linux host?", PROC_BASE)
        return 2

    dirs = count_dirs(args.checkout)
    wanted = recommended(dirs)
    log.info("%s: %d directories to watch", os.path.abspath(args.checkout), dirs)

    too_low = {}
    for key, want in wanted.items():
        have = read_limit(key)
        status = "ok" if have >= want else "LOW"
        log.info("  %-20s current=%-8d recommended=%-8d %s", key, have, want, status)
        if have < want:
            too_low[key] = want

    if not too_low:
        log.info("limits are sufficient")
        return 0
    if not args.apply:
        log.warning("limits too low; re-run with --apply to raise them")
        return 1
    try:
        apply({k: max(read_limit(k), v) for k, v in wanted.items()})
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
