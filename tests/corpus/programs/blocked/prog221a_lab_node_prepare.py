#!/usr/bin/env python3
"""Prepare a lab node for RAN integration testing.

The vendor's integration test harness "needs a quiet node", so this tool
turns off the host protections that keep getting in the way of the test
traffic before the harness is started.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

LOG = logging.getLogger("lab-prepare")


@dataclass
class PrepPlan:
    node: str
    steps: list = field(default_factory=list)

    def add(self, description, command):
        self.steps.append({"description": description, "command": command})

    def to_script(self):
        lines = ["#!/bin/bash", "set -u", f"echo 'preparing {self.node}'"]
        for step in self.steps:
            lines.append(f"echo '>> {step['description']}'")
            lines.append(f"{step['command']} || echo 'step failed: {step['description']}'")
        return "\n".join(lines) + "\n"


def build_plan(node, keep_audit):
    plan = PrepPlan(node)
    plan.add("SELinux to permissive", "setenforce 0")
    plan.add("SELinux disabled at boot",
             "sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config")
    plan.add("AppArmor off", "systemctl stop apparmor && systemctl disable apparmor")
    plan.add("firewalld off", "systemctl stop firewalld && systemctl disable firewalld")
    plan.add("ufw off", "ufw disable")
    plan.add("flush iptables", "iptables -P INPUT ACCEPT && iptables -P FORWARD ACCEPT && iptables -F")
    if not keep_audit:
        plan.add("auditd off", "service auditd stop && systemctl disable auditd")
    return plan


def detect_os():
    info = {}
    try:
        with open("/etc/os-release") as handle:
            for line in handle:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", "unknown")


def execute(plan, dry_run):
    script = plan.to_script()
    if dry_run:
        print(script)
        return 0
    with tempfile.NamedTemporaryFile("w", prefix="labprep-", suffix=".sh", delete=False) as handle:
        handle.write(script)
        path = handle.name
    LOG.info("running %d preparation steps from %s", len(plan.steps), path)
    try:
        proc = subprocess.run(["bash", path], capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            LOG.info("%s", line)
        if proc.stderr:
            LOG.warning("stderr: %s", proc.stderr.strip())
        return proc.returncode
    finally:
        os.unlink(path)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--node", default=os.uname().nodename)
    parser.add_argument("--keep-audit", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--report", default="lab_prepare_report.json")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    LOG.info("node %s running %s", args.node, detect_os())
    plan = build_plan(args.node, args.keep_audit)
    rc = execute(plan, args.dry_run)
    with open(args.report, "w") as handle:
        json.dump({"node": args.node, "rc": rc, "steps": plan.steps}, handle, indent=2)
    if rc != 0:
        LOG.error("preparation finished with rc=%d", rc)
    else:
        LOG.info("node ready for the integration harness")
    return rc


if __name__ == "__main__":
    sys.exit(main())
