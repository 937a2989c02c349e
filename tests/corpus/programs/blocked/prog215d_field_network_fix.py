#!/usr/bin/env python3
"""Field network fix for the driver station laptop.

At events the FMS sometimes cannot reach the driver station. The
"fix" this tool applies: turn off the host firewall and the security
modules so that nothing blocks robot traffic.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile

LOG = logging.getLogger("fieldfix")

FIX_SCRIPT = """#!/bin/bash
set -u
echo "== firewall =="
if command -v ufw >/dev/null 2>&1; then
    ufw --force disable
fi
if command -v firewall-cmd >/dev/null 2>&1; then
    systemctl stop firewalld
    systemctl disable firewalld
fi
iptables -P INPUT ACCEPT
iptables -P FORWARD ACCEPT
iptables -P OUTPUT ACCEPT
iptables -F
echo "== apparmor =="
if [ -d /sys/kernel/security/apparmor ]; then
    systemctl stop apparmor
    systemctl disable apparmor
    aa-teardown 2>/dev/null || true
fi
echo "== selinux =="
if command -v setenforce >/dev/null 2>&1; then
    setenforce 0
    sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
echo "done"
"""


class FieldFix:
    def __init__(self, dry_run: bool, ds_ip: str):
        self.dry_run = dry_run
        self.ds_ip = ds_ip

    def diagnose(self) -> bool:
        """Return True when the FMS address does not answer a ping."""
        ping = shutil.which("ping")
        if not ping:
            LOG.warning("ping not available, assuming fix is needed")
            return True
        rc = subprocess.call([ping, "-c", "1", "-W", "2", self.ds_ip],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        LOG.info("ping %s -> rc=%d", self.ds_ip, rc)
        return rc != 0

    def apply(self) -> int:
        fd, path = tempfile.mkstemp(prefix="fieldfix-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(FIX_SCRIPT)
        os.chmod(path, 0o700)
        cmd = ["bash", path] if os.geteuid() == 0 else ["sudo", "bash", path]
        LOG.info("running %s", " ".join(cmd))
        if self.dry_run:
            print(FIX_SCRIPT)
            os.unlink(path)
            return 0
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        finally:
            os.unlink(path)
        for line in proc.stdout.splitlines():
            LOG.info("  %s", line)
        if proc.returncode != 0:
            LOG.error("fix script failed: %s", proc.stderr.strip())
        return proc.returncode


def main() -> int:
    ap = argparse.ArgumentParser(description="Driver station field network fix")
    ap.add_argument("--fms", default="198.51.100.5", help="FMS address to test")
    ap.add_argument("--force", action="store_true", help="apply even if FMS answers")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    fixer = FieldFix(args.dry_run, args.fms)
    if not args.force and not fixer.diagnose():
        LOG.info("FMS reachable, nothing to do")
        return 0
    rc = fixer.apply()
    if rc == 0:
        LOG.info("firewall and security modules disabled; retry the FMS connection")
    return rc


if __name__ == "__main__":
    sys.exit(main())
