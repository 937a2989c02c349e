#!/usr/bin/env python3
"""Tune kernel UDP buffers on the GPS ingest server before a storm.

During a full call-out every plow reports its position once a second and
the ingest server drops datagrams when the socket receive buffers are at
their defaults.  This tool compares the live kernel values with the storm
profile and raises them where needed.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

PROC_SYS = Path("/proc/sys")

STORM_PROFILE = {
    "net.core.rmem_max": 26214400,
    "net.core.rmem_default": 8388608,
    "net.core.netdev_max_backlog": 5000,
    "net.ipv4.udp_mem": "65536 131072 262144",
}

log = logging.getLogger("buffer_tuner")


class KernelSetting:
    def __init__(self, key: str, wanted):
        self.key = key
        self.wanted = str(wanted)
        self.path = PROC_SYS / key.replace(".", "/")

    def current(self) -> str:
        try:
            return " ".join(self.path.read_text().split())
        except OSError as exc:
            log.warning("cannot read %s: %s", self.key, exc)
            return ""

    def needs_change(self) -> bool:
        cur = self.current()
        if not cur:
            return False
        if " " in self.wanted:
            return cur != self.wanted
        return int(cur) < int(self.wanted)

    def apply(self) -> bool:
        if os.geteuid() == 0:
            try:
                self.path.write_text(self.wanted + "\n")
                return True
            except OSError as exc:
                log.error("write to %s failed: %s", self.path, exc)
                return False
        result = subprocess.run(
            ["sudo", "sysctl", "-w", f"{self.key}={self.wanted}"],
            capture_output=True, text=True,
        )
        if result.returncode != 0:
            log.error("sysctl %s failed: %s", self.key, result.stderr.strip())
            return False
        return True


def load_profile(path: str) -> dict:
    if not path:
        return STORM_PROFILE
    with open(path) as fh:
        profile = json.load(fh)
    log.info("loaded profile %s with %d settings", path, len(profile))
    return profile


def main() -> int:
    parser = argparse.ArgumentParser(description="tune UDP buffers for GPS ingest")
    parser.add_argument("--profile", help="JSON file overriding the storm profile")
    parser.add_argument("--check", action="store_true", help="report only")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    settings = [KernelSetting(k, v) for k, v in load_profile(args.profile).items()]
    pending = [s for s in settings if s.needs_change()]
    for s in settings:
        log.info("%-28s current=%-24s wanted=%s", s.key, s.current(), s.wanted)
    if not pending:
        log.info("kernel already at storm profile")
        return 0
    if args.check:
        log.info("%d setting(s) below storm profile", len(pending))
        return 1

    failures = sum(0 if s.apply() else 1 for s in pending)
    log.info("applied %d setting(s), %d failure(s)", len(pending) - failures, failures)
    return 0 if failures == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
