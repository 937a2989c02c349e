#!/usr/bin/env python3
"""Bring an SNMP/PDU poller host's kernel network buffers up to the
profile the monitoring team uses for sites with more than 2,000 PDUs.

Without larger UDP receive buffers the poller drops responses when a whole
hall answers a walk at once (see netstat -su "receive buffer errors").
"""
import argparse
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("poller_tuning")

PROC_SYS = Path("/proc/sys")

DEFAULT_PROFILE = {
    "net.core.rmem_max": 26214400,
    "net.core.rmem_default": 8388608,
    "net.core.netdev_max_backlog": 5000,
    "net.ipv4.udp_rmem_min": 16384,
    "net.ipv4.ip_local_port_range": "15000 64000",
}


def key_path(key: str) -> Path:
    return PROC_SYS.joinpath(*key.split("."))


def read_current(key: str):
    try:
        raw = key_path(key).read_text().strip()
    except OSError as exc:
        log.debug("cannot read %s: %s", key, exc)
        return None
    return " ".join(raw.split())


def needs_change(key: str, current, wanted) -> bool:
    if current is None:
        return False
    if isinstance(wanted, int):
        try:
            return int(current) < wanted
        except ValueError:
            return True
    return current != str(wanted)


def plan(profile: dict):
    for key, wanted in profile.items():
        current = read_current(key)
        if needs_change(key, current, wanted):
            yield key, current, wanted


class Applier:
    """Writes kernel parameters, directly as root or via sudo otherwise."""

    def __init__(self):
        self.as_root = os.geteuid() == 0

    def apply(self, key: str, value) -> bool:
        if self.as_root:
            try:
                key_path(key).write_text(f"{value}\n")
                return True
            except OSError as exc:
                log.error("write %s failed: %s", key, exc)
                return False
        cmd = ["sudo", "-n", "sysctl", "-w", f"{key}={value}"]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            log.error("%s: %s", " ".join(cmd), proc.stderr.strip())
            return False
        return True


def load_profile(path):
    if path is None:
        return dict(DEFAULT_PROFILE)
    with open(path) as fh:
        profile = json.load(fh)
    if not isinstance(profile, dict):
        raise ValueError("profile must be a JSON object")
    return profile


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-p", "--profile", help="JSON file of sysctl key -> value")
    ap.add_argument("--check-only", action="store_true", help="report, do not change")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        profile = load_profile(args.profile)
    except (OSError, ValueError) as exc:
        log.error("profile: %s", exc)
        return 2

    changes = list(plan(profile))
    if not changes:
        log.info("host already matches profile (%d keys)", len(profile))
        return 0
    for key, current, wanted in changes:
        log.info("%-32s %s -> %s", key, current, wanted)
    if args.check_only:
        return 1

    applier = Applier()
    failed = [key for key, _, wanted in changes if not applier.apply(key, wanted)]
    if failed:
        log.error("%d of %d changes failed: %s", len(failed), len(changes), ", ".join(failed))
        return 1
    log.info("applied %d changes", len(changes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
