#!/usr/bin/env python3
"""Apply kernel socket-buffer tuning for a high-rate NetFlow/IPFIX collector.

Writes a drop-in under /etc/sysctl.d so it survives reboots, then applies it
live. Run from the collector's provisioning step (as root).
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("nf-tune")

DROPIN = Path("/etc/sysctl.d/60-flow-collector.conf")
PROC_SYS = Path("/proc/sys")

PROFILES = {
    "small": {"net.core.rmem_max": 8388608, "net.core.rmem_default": 2097152,
              "net.core.netdev_max_backlog": 5000},
    "large": {"net.core.rmem_max": 134217728, "net.core.rmem_default": 33554432,
              "net.core.netdev_max_backlog": 250000,
              "net.ipv4.udp_mem": "65536 131072 262144"},
}


def knob_path(name):
    return PROC_SYS / name.replace(".", "/")


def read_current(name):
    try:
        return knob_path(name).read_text().strip()
    except OSError:
        return None


def render(profile, settings):
    lines = ["# Managed by nf-tune (%s profile). Local edits will be overwritten." % profile]
    for key, value in sorted(settings.items()):
        lines.append("%s = %s" % (key, value))
    return "\n".join(lines) + "\n"


def write_dropin(text, dry_run):
    if DROPIN.exists() and DROPIN.read_text() == text:
        log.info("%s already up to date", DROPIN)
        return False
    if dry_run:
        log.info("would write %s:\n%s", DROPIN, text)
        return False
    tmp = DROPIN.with_suffix(".tmp")
    tmp.write_text(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, DROPIN)
    log.info("wrote %s", DROPIN)
    return True


def apply_live(settings, use_sysctl):
    if use_sysctl:
        subprocess.run(["sysctl", "-p", str(DROPIN)], check=True)
        return
    for key, value in settings.items():
        path = knob_path(key)
        with open(path, "w") as fh:
            fh.write("%s\n" % value)
        log.info("%s -> %s", key, value)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="large")
    ap.add_argument("--no-sysctl", action="store_true",
                    help="write /proc/sys directly instead of calling sysctl")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="nf-tune: %(message)s")

    settings = PROFILES[args.profile]
    for key, value in settings.items():
        log.info("%-32s current=%-24s target=%s", key, read_current(key), value)
    if args.dry_run:
        write_dropin(render(args.profile, settings), True)
        return 0
    if os.geteuid() != 0:
        log.error("needs root")
        return 1
    try:
        changed = write_dropin(render(args.profile, settings), False)
        if changed or any(str(read_current(k)) != str(v) for k, v in settings.items()):
            apply_live(settings, not args.no_sysctl)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("tuning failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
