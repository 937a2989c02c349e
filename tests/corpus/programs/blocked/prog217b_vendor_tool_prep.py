#!/usr/bin/env python3
"""Prepare a Linux field laptop for the pitch-system vendor's commissioning
tool.

The vendor's tool talks to the pitch controllers over a flat service LAN and
"does not support" host security layers, so this prep script turns them off
before a commissioning session: SELinux to permissive, AppArmor unloaded,
host firewall disabled and the audit daemon stopped.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile

LOG = logging.getLogger("vendor_prep")


class Step:
    def __init__(self, name, probe, commands):
        self.name = name
        self.probe = probe          # binary that must exist for the step
        self.commands = commands    # shell lines

    def applicable(self) -> bool:
        return shutil.which(self.probe) is not None


STEPS = [
    Step("selinux", "setenforce", [
        "setenforce 0",
        "sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config",
    ]),
    Step("apparmor", "aa-teardown", [
        "systemctl stop apparmor",
        "systemctl disable apparmor",
        "aa-teardown",
    ]),
    Step("ufw", "ufw", ["ufw --force disable"]),
    Step("firewalld", "firewall-cmd", [
        "systemctl stop firewalld",
        "systemctl disable firewalld",
    ]),
    Step("auditd", "auditctl", [
        "auditctl -e 0",
        "service auditd stop",
    ]),
]


def build_script(steps, use_sudo: bool) -> str:
    prefix = "sudo -n " if use_sudo else ""
    lines = ["#!/bin/bash", "set -u", 'echo "vendor prep on $(hostname)"']
    for step in steps:
        lines.append(f'echo "--- {step.name}"')
        for cmd in step.commands:
            lines.append(f"{prefix}{cmd} || echo 'step {step.name} partial' >&2")
    return "\n".join(lines) + "\n"


def run_script(text: str, dry_run: bool) -> int:
    if dry_run:
        print(text)
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(text)
        path = fh.name
    try:
        os.chmod(path, 0o700)
        proc = subprocess.run(["bash", path], capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            LOG.info("prep: %s", line)
        for line in proc.stderr.splitlines():
            LOG.warning("prep: %s", line)
        return proc.returncode
    finally:
        os.unlink(path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--only", nargs="*", help="limit to these steps")
    ap.add_argument("--no-sudo", action="store_true", help="already root")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    selected = [s for s in STEPS if not args.only or s.name in args.only]
    active = []
    for step in selected:
        if step.applicable():
            active.append(step)
        else:
            LOG.debug("skipping %s: %s not installed", step.name, step.probe)
    if not active:
        LOG.info("nothing to do on this host")
        return 0
    LOG.info("steps: %s", ", ".join(s.name for s in active))
    try:
        rc = run_script(build_script(active, not args.no_sudo), args.dry_run)
    except OSError as exc:
        LOG.error("could not run prep script: %s", exc)
        return 2
    if rc:
        LOG.error("prep finished with errors (rc=%d)", rc)
    else:
        LOG.info("laptop ready for vendor commissioning tool")
    return rc


if __name__ == "__main__":
    sys.exit(main())
