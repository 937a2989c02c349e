#!/usr/bin/env python3
"""Tunes the finish-line timing PC for the photo-finish UDP stream.

Raises the socket receive buffers and opens the timing port so the
start and finish towers can stream lap events without drops.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("timing-tune")

SYSCTL_VALUES = {
    "net/core/rmem_max": "26214400",
    "net/core/rmem_default": "8388608",
    "net/core/netdev_max_backlog": "5000",
}

TOWERS = ("192.0.2.21", "192.0.2.22")


def read_proc(key):
    return Path("/proc/sys", key).read_text().strip()


def write_proc(key, value, dry_run):
    path = Path("/proc/sys", key)
    current = read_proc(key)
    if current == value:
        log.info("%s already %s", key, value)
        return
    log.info("%s: %s -> %s", key, current, value)
    if dry_run:
        return
    if os.geteuid() == 0:
        path.write_text(value + "\n")
    else:
        subprocess.run(["sudo", "sysctl", "-w", f"{key.replace('/', '.')}={value}"], check=True)


def rule_exists(src, port):
    cmd = ["sudo", "iptables", "-C", "INPUT", "-p", "udp", "-s", src,
           "--dport", str(port), "-j", "ACCEPT"]
    return subprocess.run(cmd, capture_output=True).returncode == 0


def open_port(port, dry_run):
    for src in TOWERS:
        if rule_exists(src, port):
            log.info("rule for %s already present", src)
            continue
        cmd = ["sudo", "iptables", "-I", "INPUT", "-p", "udp", "-s", src,
               "--dport", str(port), "-j", "ACCEPT"]
        log.info("adding: %s", " ".join(cmd[1:]))
        if not dry_run:
            subprocess.run(cmd, check=True)


def show():
    for key in SYSCTL_VALUES:
        print(f"{key.replace('/', '.')} = {read_proc(key)}")


def main():
    parser = argparse.ArgumentParser(description="Tune timing PC networking")
    parser.add_argument("--port", type=int, default=int(os.environ.get("TIMING_PORT", "5005")))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.show:
        show()
        return 0

    try:
        for key, value in SYSCTL_VALUES.items():
            write_proc(key, value, args.dry_run)
        open_port(args.port, args.dry_run)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("tuning failed: %s", exc)
        return 1
    show()
    return 0


if __name__ == "__main__":
    sys.exit(main())
