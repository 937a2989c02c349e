#!/usr/bin/env python3
"""Kernel network tuning for Ethereum / Solana full nodes.

Compares the running kernel parameters with the profile recommended for the
selected client, applies the differences and writes them to a drop-in so they
survive reboots.  Use --check to only print the diff.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

LOG = logging.getLogger("node-tuner")

PROC_SYS = Path("/proc/sys")
DROPIN_DIR = Path("/etc/sysctl.d")

PROFILES = {
    "geth": {
        "net.core.rmem_max": 16777216,
        "net.core.wmem_max": 16777216,
        "net.ipv4.tcp_rmem": "4096 87380 16777216",
        "net.ipv4.tcp_wmem": "4096 65536 16777216",
        "net.core.somaxconn": 4096,
        "fs.file-max": 2097152,
        "vm.swappiness": 10,
    },
    "solana": {
        "net.core.rmem_default": 134217728,
        "net.core.rmem_max": 134217728,
        "net.core.wmem_default": 134217728,
        "net.core.wmem_max": 134217728,
        "vm.max_map_count": 1000000,
        "fs.nr_open": 1000000,
        "vm.swappiness": 0,
    },
}


class SysctlKey:
    def __init__(self, name):
        self.name = name
        self.path = PROC_SYS.joinpath(*name.split("."))

    def read(self):
        try:
            return " ".join(self.path.read_text().split())
        except OSError:
            return None

    def write(self, value):
        with open(self.path, "w") as fh:
            fh.write(f"{value}\n")


def diff_profile(profile):
    changes = []
    for name, wanted in profile.items():
        key = SysctlKey(name)
        current = key.read()
        if current is None:
            LOG.warning("%s not available on this kernel", name)
            continue
        if current != str(wanted):
            changes.append((key, current, str(wanted)))
    return changes


def apply_changes(changes):
    failed = 0
    for key, old, new in changes:
        try:
            key.write(new)
            LOG.info("%s: %s -> %s", key.name, old, new)
        except PermissionError:
            LOG.error("%s: permission denied (run as root)", key.name)
            failed += 1
        except OSError as exc:
            LOG.error("%s: %s", key.name, exc)
            failed += 1
    return failed


def write_dropin(client, profile):
    target = DROPIN_DIR / f"90-{client}-node.conf"
    lines = [f"# managed by node-tuner for {client}; edit the profile, not this file"]
    lines += [f"{k} = {v}" for k, v in sorted(profile.items())]
    target.write_text("\n".join(lines) + "\n")
    os.chmod(target, 0o644)
    LOG.info("wrote %s", target)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("client", choices=sorted(PROFILES))
    ap.add_argument("--check", action="store_true", help="show differences only")
    ap.add_argument("--no-persist", action="store_true", help="do not write /etc/sysctl.d drop-in")
    ap.add_argument("--overrides", help="JSON file with extra key/value pairs")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    profile = dict(PROFILES[args.client])
    if args.overrides:
        with open(args.overrides) as fh:
            profile.update(json.load(fh))

    changes = diff_profile(profile)
    if not changes:
        LOG.info("kernel already matches the %s profile", args.client)
        return 0
    for key, old, new in changes:
        print(f"{key.name:28} {old:>30} -> {new}")
    if args.check:
        return 1

    failed = apply_changes(changes)
    if not args.no_persist:
        try:
            write_dropin(args.client, profile)
        except OSError as exc:
            LOG.error("could not persist settings: %s", exc)
            failed += 1
    return 2 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
