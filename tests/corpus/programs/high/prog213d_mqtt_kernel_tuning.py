#!/usr/bin/env python3
"""Tune kernel network parameters on the MQTT broker box and restart the broker.

With 400+ sensors reconnecting after a power blip, the broker runs out of
socket buffers and the SYN backlog overflows.  This tool compares the
current sysctl values with the targets, writes a one-off apply script and
runs it with sudo, then restarts mosquitto.
"""

import argparse
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("mqtt-tune")

TARGETS = {
    "net.core.rmem_max": 4194304,
    "net.core.wmem_max": 4194304,
    "net.core.somaxconn": 4096,
    "net.ipv4.tcp_max_syn_backlog": 4096,
    "net.ipv4.tcp_keepalive_time": 120,
    "net.ipv4.tcp_keepalive_intvl": 30,
    "net.ipv4.tcp_keepalive_probes": 4,
}


class SysctlState:
    def read(self, key):
        res = subprocess.run(["sysctl", "-n", key], capture_output=True, text=True)
        if res.returncode != 0:
            LOG.warning("cannot read %s: %s", key, res.stderr.strip())
            return None
        try:
            return int(res.stdout.split()[0])
        except (ValueError, IndexError):
            return None

    def diff(self, targets):
        changes = {}
        for key, want in targets.items():
            have = self.read(key)
            if have is None or have < want:
                changes[key] = (have, want)
        return changes


def build_script(changes, service, restart):
    lines = ["#!/bin/bash", "set -e"]
    for key, (_have, want) in sorted(changes.items()):
        lines.append(f"sysctl -w {key}={want}")
    if restart:
        lines.append(f"systemctl restart {service}")
        lines.append(f"systemctl is-active {service}")
    return "\n".join(lines) + "\n"


def run_privileged(script_text, dry_run):
    if dry_run:
        LOG.info("[dry-run] script:\n%s", script_text)
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".sh", prefix="mqtt-tune-",
                                     dir=os.getcwd(), delete=False) as fh:
        fh.write(script_text)
        path = fh.name
    try:
        prefix = [] if os.geteuid() == 0 else ["sudo"]
        res = subprocess.run(prefix + ["bash", path], capture_output=True, text=True)
        for line in res.stdout.splitlines():
            LOG.info("  %s", line)
        if res.returncode != 0:
            LOG.error("apply failed: %s", res.stderr.strip())
        return res.returncode
    finally:
        os.unlink(path)


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--service", default="mosquitto")
    ap.add_argument("--no-restart", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--scale", type=float, default=1.0,
                    help="multiply buffer/backlog targets (e.g. 2 for big sites)")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    targets = dict(TARGETS)
    for key in ("net.core.rmem_max", "net.core.wmem_max", "net.core.somaxconn",
                "net.ipv4.tcp_max_syn_backlog"):
        targets[key] = int(targets[key] * args.scale)

    changes = SysctlState().diff(targets)
    if not changes:
        LOG.info("all parameters already at or above target")
        return 0
    for key, (have, want) in changes.items():
        LOG.info("%-32s %s -> %s", key, have, want)

    script = build_script(changes, args.service, not args.no_restart)
    rc = run_privileged(script, args.dry_run)
    if rc == 0 and not args.dry_run:
        LOG.info("tuning applied; values reset at next reboot")
    return rc


if __name__ == "__main__":
    sys.exit(main())
