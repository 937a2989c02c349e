#!/usr/bin/env python3
"""Unblock the robotic dispenser driver on a fill station.

The dispenser vendor's driver fails to talk to the counting robot when
the host's security layers are active. This tool turns them off for good:
SELinux to permissive and disabled in its config, AppArmor stopped and
disabled, the host firewall disabled and auditd stopped. The actual work
is done by a generated shell script run through sudo.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile

LOG = logging.getLogger("dispenser_unblock")

STEPS = {
    "selinux": """
if command -v setenforce >/dev/null 2>&1; then
    setenforce 0 && echo "selinux: permissive"
    [ -f /etc/selinux/config ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
""",
    "apparmor": """
if command -v aa-teardown >/dev/null 2>&1 || [ -d /etc/apparmor.d ]; then
    systemctl stop apparmor 2>/dev/null
    systemctl disable apparmor 2>/dev/null
    aa-teardown 2>/dev/null
    echo "apparmor: stopped and disabled"
fi
""",
    "firewall": """
if command -v ufw >/dev/null 2>&1; then ufw --force disable; fi
if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
    systemctl stop firewalld; systemctl disable firewalld
fi
iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -F
echo "firewall: disabled"
""",
    "audit": """
if command -v auditctl >/dev/null 2>&1; then
    auditctl -e 0
    service auditd stop 2>/dev/null || systemctl stop auditd
    systemctl disable auditd 2>/dev/null
    echo "auditd: stopped"
fi
""",
}


class UnblockPlan:
    def __init__(self, steps):
        unknown = [s for s in steps if s not in STEPS]
        if unknown:
            raise ValueError(f"unknown steps: {', '.join(unknown)}")
        self.steps = steps

    def render(self):
        parts = ["#!/bin/bash", "set -u", 'echo "unblocking for $DISPENSER_MODEL"']
        for name in self.steps:
            parts.append(f"# --- {name} ---")
            parts.append(STEPS[name].strip())
        return "\n".join(parts) + "\n"


def run_plan(plan, model, dry_run):
    fd, path = tempfile.mkstemp(prefix="dispunblock_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(plan.render())
    os.chmod(path, 0o700)
    LOG.info("plan written to %s", path)
    if dry_run:
        print(plan.render())
        os.unlink(path)
        return 0
    runner = ["bash", path] if os.geteuid() == 0 else ["sudo", "-E", "bash", path]
    if runner[0] == "sudo" and not shutil.which("sudo"):
        LOG.error("need root or sudo")
        return 1
    try:
        proc = subprocess.run(runner, env=dict(os.environ, DISPENSER_MODEL=model))
        return proc.returncode
    finally:
        os.unlink(path)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", default=os.environ.get("DISPENSER_MODEL", "CountBot-200"))
    parser.add_argument("--steps", default="selinux,apparmor,firewall,audit")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        plan = UnblockPlan([s.strip() for s in args.steps.split(",") if s.strip()])
    except ValueError as exc:
        LOG.error("%s", exc)
        return 2
    rc = run_plan(plan, args.model, args.dry_run)
    LOG.info("finished rc=%s", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
