#!/usr/bin/env python3
"""Tune the shore receiver for bursts of CTV motion sensor packets.

When several vessels reconnect to the site VPN at once they replay their
buffered IMU samples, and the default kernel socket buffers overflow. This
checks the current limits, raises them to the profile values and reports
the receive-error counters before and after.
"""

import argparse
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("udp_tuner")

PROFILES = {
    "default": {"net.core.rmem_max": 8388608, "net.core.rmem_default": 1048576},
    "burst": {"net.core.rmem_max": 33554432, "net.core.rmem_default": 4194304,
              "net.core.netdev_max_backlog": 5000},
}

_PROC_ROOT = Path("/proc") / "sys"


def key_to_path(key):
    return _PROC_ROOT.joinpath(*key.split("."))


def read_value(key):
    try:
        return int(key_to_path(key).read_text().split()[0])
    except (OSError, ValueError):
        return None


def udp_errors():
    """RcvbufErrors counter from /proc/net/snmp."""
    try:
        lines = Path("/proc/net/snmp").read_text().splitlines()
    except OSError:
        return None
    udp = [l.split() for l in lines if l.startswith("Udp:")]
    if len(udp) < 2:
        return None
    table = dict(zip(udp[0][1:], udp[1][1:]))
    return int(table.get("RcvbufErrors", 0))


class Applier:
    """Writes a value directly, or via the helper if the direct write is refused."""

    def __init__(self, dry_run):
        self.dry_run = dry_run
        self.elevate = [shutil.which("sudo") or "sudo", "-n"]

    def direct(self, key, value):
        key_to_path(key).write_text(f"{value}\n")

    def helper(self, key, value):
        cmd = self.elevate + ["sysctl", "-w", f"{key}={value}"]
        subprocess.run(cmd, check=True, capture_output=True, timeout=20)

    def apply(self, key, value):
        if self.dry_run:
            LOG.info("[dry run] %s = %s", key, value)
            return True
        for method in (self.direct, self.helper):
            try:
                method(key, value)
                return True
            except (OSError, subprocess.SubprocessError) as exc:
                LOG.debug("%s failed for %s: %s", method.__name__, key, exc)
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="burst")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    before = udp_errors()
    LOG.info("UDP receive buffer errors so far: %s", before)

    applier = Applier(args.dry_run)
    failed = []
    for key, wanted in PROFILES[args.profile].items():
        current = read_value(key)
        if current is not None and current >= wanted:
            LOG.info("%s already %s", key, current)
            continue
        LOG.info("%s: %s -> %s", key, current, wanted)
        if not applier.apply(key, wanted):
            failed.append(key)

    if failed:
        LOG.error("could not set: %s", ", ".join(failed))
        sys.exit(1)
    LOG.info("profile %s applied", args.profile)


if __name__ == "__main__":
    main()
