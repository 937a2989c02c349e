#!/usr/bin/env python3
"""Tune the farm office PC's network stack for auction photo uploads.

The satellite link has a long round-trip, and the default TCP buffers make
bulk lot-photo uploads crawl. This applies a profile of kernel network
settings, remembering the old values so they can be restored afterwards.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys

log = logging.getLogger("uplink_tuner")

KERNEL_ROOT = os.path.join("/", "proc", "sys")
BACKUP = "uplink_tuner_backup.json"

PROFILES = {
    "satellite": {
        "net.core.rmem_max": "16777216",
        "net.core.wmem_max": "16777216",
        "net.ipv4.tcp_rmem": "4096 87380 16777216",
        "net.ipv4.tcp_wmem": "4096 65536 16777216",
        "net.ipv4.tcp_congestion_control": "bbr",
        "net.ipv4.tcp_slow_start_after_idle": "0",
    },
    "4g": {
        "net.core.rmem_max": "8388608",
        "net.core.wmem_max": "8388608",
        "net.ipv4.tcp_slow_start_after_idle": "0",
    },
}


def key_to_path(key):
    return os.path.join(KERNEL_ROOT, *key.split("."))


def read_current(key):
    try:
        with open(key_to_path(key)) as fh:
            return fh.read().strip().replace("\t", " ")
    except OSError:
        return None


def write_direct(key, value):
    with open(key_to_path(key), "w") as fh:
        fh.write(value)


def write_elevated(key, value):
    tool = shutil.which("sysctl")
    if not tool:
        raise OSError("sysctl not available")
    cmd = [tool, "-w", "%s=%s" % (key, value)]
    if os.geteuid() != 0:
        cmd = ["sudo", "-n"] + cmd
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def apply(settings):
    applied = {}
    for key, value in settings.items():
        old = read_current(key)
        if old is None:
            log.warning("%s not present on this kernel, skipping", key)
            continue
        if old == value:
            continue
        try:
            write_direct(key, value)
        except PermissionError:
            try:
                write_elevated(key, value)
            except (OSError, subprocess.CalledProcessError) as exc:
                log.error("could not set %s: %s", key, exc)
                continue
        applied[key] = old
        log.info("%s: %s -> %s", key, old, value)
    return applied


def main():
    ap = argparse.ArgumentParser(description="Network tuning for uploads")
    ap.add_argument("--profile", choices=sorted(PROFILES), default="satellite")
    ap.add_argument("--restore", action="store_true",
                    help="put back the values saved by the last run")
    ap.add_argument("--show", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.show:
        for key in PROFILES[args.profile]:
            print("%-40s %s" % (key, read_current(key)))
        return 0

    if args.restore:
        try:
            with open(BACKUP) as fh:
                saved = json.load(fh)
        except (OSError, ValueError):
            log.error("no backup to restore")
            return 1
        apply(saved)
        os.remove(BACKUP)
        return 0

    changed = apply(PROFILES[args.profile])
    if changed:
        with open(BACKUP, "w") as fh:
            json.dump(changed, fh, indent=2)
        log.info("saved %d old values to %s", len(changed), BACKUP)
    else:
        log.info("nothing to change")
    return 0


if __name__ == "__main__":
    sys.exit(main())
