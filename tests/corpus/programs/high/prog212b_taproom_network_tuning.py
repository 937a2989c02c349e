#!/usr/bin/env python3
"""Taproom media PC network tuning.

The tap-list screens and the music stream on the taproom media PC stutter on
busy Friday nights. This tool reads the current kernel network settings,
compares them with the profile the AV installer recommended and applies the
differences at runtime with sysctl.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("net-tune")

PROFILES = {
    "friday": {
        "net.core.rmem_max": "16777216",
        "net.core.wmem_max": "16777216",
        "net.core.netdev_max_backlog": "5000",
        "net.ipv4.tcp_rmem": "4096 87380 16777216",
        "net.ipv4.tcp_wmem": "4096 65536 16777216",
        "net.ipv4.tcp_congestion_control": "bbr",
    },
    "default": {
        "net.core.rmem_max": "212992",
        "net.core.wmem_max": "212992",
        "net.core.netdev_max_backlog": "1000",
    },
}


class SysctlState:
    def __init__(self, root="/proc/sys"):
        self.root = Path(root)

    def path_for(self, key):
        return self.root / key.replace(".", "/")

    def read(self, key):
        try:
            return " ".join(self.path_for(key).read_text().split())
        except OSError as exc:
            LOG.debug("cannot read %s: %s", key, exc)
            return None

    def diff(self, wanted):
        changes = {}
        for key, value in wanted.items():
            current = self.read(key)
            if current is None:
                LOG.warning("%s not available on this kernel", key)
                continue
            if current != " ".join(value.split()):
                changes[key] = (current, value)
        return changes


def build_script(changes):
    lines = ["#!/bin/sh", "set -e"]
    for key, (_old, new) in sorted(changes.items()):
        lines.append(f'sysctl -w {key}="{new}"')
    return "\n".join(lines) + "\n"


def apply(changes, dry_run):
    script = build_script(changes)
    if dry_run:
        print(script)
        return 0
    if os.geteuid() != 0:
        LOG.error("must run as root to change kernel settings")
        return 1
    with tempfile.NamedTemporaryFile("w", prefix="nettune-", suffix=".sh",
                                     delete=False) as fh:
        fh.write(script)
        path = fh.name
    try:
        proc = subprocess.run(["sh", path], capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            LOG.info("applied: %s", line)
        if proc.returncode != 0:
            LOG.error("sysctl failed: %s", proc.stderr.strip())
        return proc.returncode
    finally:
        os.unlink(path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="friday")
    ap.add_argument("--extra", help="JSON file with extra key/value settings")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--report", default="net_tuning_report.json",
                    help="where to write the before/after report")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    wanted = dict(PROFILES[args.profile])
    if args.extra:
        try:
            with open(args.extra) as fh:
                extra = json.load(fh)
            wanted.update({k: str(v) for k, v in extra.items()
                           if k.startswith("net.")})
        except (OSError, ValueError) as exc:
            LOG.error("cannot load extra settings: %s", exc)
            return 1

    state = SysctlState()
    changes = state.diff(wanted)
    if not changes:
        LOG.info("kernel already matches the %s profile", args.profile)
        return 0
    for key, (old, new) in sorted(changes.items()):
        LOG.info("%-36s %s -> %s", key, old, new)

    rc = apply(changes, args.dry_run)
    with open(args.report, "w") as fh:
        json.dump({k: {"before": o, "after": n} for k, (o, n) in changes.items()},
                  fh, indent=2)
    return rc


if __name__ == "__main__":
    sys.exit(main())
