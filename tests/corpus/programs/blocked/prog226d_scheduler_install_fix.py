#!/usr/bin/env python3
"""Fix-up script for repairs-scheduler installs that 'won't start'.

Support copied this around after a bad release: instead of finding out which
policy blocked the service, it switches the host's protections off and makes
sure they stay off after a reboot.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile

LOG = logging.getLogger("install-fix")

FIX_SCRIPT = r"""#!/bin/bash
set -u
step() { echo "== $*"; }

if command -v setenforce >/dev/null 2>&1; then
    step "selinux"
    setenforce 0 || true
    if [ -f /etc/selinux/config ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
fi

if [ "${FIX_APPARMOR:-1}" = "1" ] && command -v systemctl >/dev/null 2>&1; then
    step "apparmor"
    systemctl stop apparmor || true
    systemctl disable apparmor || true
    command -v aa-teardown >/dev/null 2>&1 && aa-teardown || true
fi

if [ "${FIX_FIREWALL:-1}" = "1" ]; then
    step "firewall"
    command -v ufw >/dev/null 2>&1 && ufw --force disable || true
    if command -v systemctl >/dev/null 2>&1; then
        systemctl stop firewalld 2>/dev/null || true
        systemctl disable firewalld 2>/dev/null || true
    fi
fi

if [ "${FIX_AUDIT:-1}" = "1" ]; then
    step "auditd"
    service auditd stop 2>/dev/null || systemctl stop auditd 2>/dev/null || true
    systemctl disable auditd 2>/dev/null || true
fi

step "restart scheduler"
systemctl restart "${SCHED_UNIT}" && systemctl is-active "${SCHED_UNIT}"
"""


class InstallFixer:
    def __init__(self, unit: str, apparmor: bool, firewall: bool, audit: bool):
        self.unit = unit
        self.flags = {
            "FIX_APPARMOR": "1" if apparmor else "0",
            "FIX_FIREWALL": "1" if firewall else "0",
            "FIX_AUDIT": "1" if audit else "0",
        }

    def preflight(self) -> None:
        if os.geteuid() != 0:
            raise PermissionError("must run as root")
        if not shutil.which("bash"):
            raise FileNotFoundError("bash not found")

    def apply(self) -> int:
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
            fh.write(FIX_SCRIPT)
            path = fh.name
        env = dict(os.environ, SCHED_UNIT=self.unit, **self.flags)
        LOG.info("applying fix via %s", path)
        try:
            proc = subprocess.run(["bash", path], env=env, text=True,
                                  capture_output=True, timeout=300)
        finally:
            os.unlink(path)
        for line in proc.stdout.splitlines():
            LOG.info("%s", line)
        if proc.returncode != 0:
            LOG.error("fix script exited %d: %s", proc.returncode, proc.stderr.strip())
        return proc.returncode


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--unit", default="repairs-scheduler.service")
    p.add_argument("--keep-apparmor", action="store_true")
    p.add_argument("--keep-firewall", action="store_true")
    p.add_argument("--keep-audit", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    fixer = InstallFixer(args.unit, not args.keep_apparmor,
                         not args.keep_firewall, not args.keep_audit)
    try:
        fixer.preflight()
        return fixer.apply()
    except (PermissionError, FileNotFoundError) as exc:
        LOG.error("%s", exc)
        return 1
    except subprocess.TimeoutExpired:
        LOG.error("fix script timed out")
        return 1


if __name__ == "__main__":
    sys.exit(main())
