#!/usr/bin/env python3
"""Network tuning for the Modbus/TCP poller host.

The poller keeps ~150 short-lived connections to inverters and meters. With
stock kernel settings it runs out of ephemeral ports and drops replies under
load, and the host firewall blocks the meters' unsolicited reports on 502.
This applies the settings from a small YAML-free profile and prints a diff.
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys

log = logging.getLogger("nettune")

PROFILE = {
    "net.ipv4.ip_local_port_range": "15000 64000",
    "net.ipv4.tcp_fin_timeout": "15",
    "net.ipv4.tcp_tw_reuse": "1",
    "net.core.rmem_max": "4194304",
    "net.core.wmem_max": "4194304",
    "net.core.somaxconn": "1024",
}

# meter networks allowed to reach the poller on the Modbus port
METER_SUBNETS = ["198.51.100.0/26", "203.0.113.64/27"]
MODBUS_PORT = 502


def proc_path(key):
    return os.path.join("/proc/sys", *key.split("."))


def read_current(key):
    try:
        with open(proc_path(key)) as fh:
            return " ".join(fh.read().split())
    except OSError:
        return None


def elevate_prefix():
    if os.geteuid() == 0:
        return []
    for tool in ("sudo", "pkexec"):
        if shutil.which(tool):
            return [tool]
    log.error("not root and no elevation helper available")
    sys.exit(1)


class Tuner:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = elevate_prefix()
        self.changes = []

    def _run(self, argv):
        cmd = self.prefix + argv
        log.debug("exec %s", " ".join(cmd))
        if self.dry_run:
            return 0
        return subprocess.run(cmd, check=False).returncode

    def apply_sysctl(self, key, value):
        before = read_current(key)
        if before == value:
            return
        self.changes.append((key, before, value))
        if self.prefix:
            self._run(["sysctl", "-w", "%s=%s" % (key, value)])
        elif not self.dry_run:
            # already root: write straight to procfs
            with open(proc_path(key), "w") as fh:
                fh.write(value)

    def allow_meters(self):
        for net in METER_SUBNETS:
            rule = ["-p", "tcp", "-s", net, "--dport", str(MODBUS_PORT),
                    "-j", "ACCEPT"]
            exists = self._run(["iptables", "-C", "INPUT"] + rule) == 0
            if exists and not self.dry_run:
                log.info("rule for %s already present", net)
                continue
            self._run(["iptables", "-I", "INPUT", "1"] + rule)
            self.changes.append(("iptables", None, "accept %s:%d" % (net, MODBUS_PORT)))

    def report(self):
        if not self.changes:
            print("nothing to change")
        for key, before, after in self.changes:
            print("%-32s %-16s -> %s" % (key, before, after))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-firewall", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    tuner = Tuner(dry_run=args.dry_run)
    for key, value in PROFILE.items():
        try:
            tuner.apply_sysctl(key, value)
        except OSError as exc:
            log.warning("could not set %s: %s", key, exc)
    if not args.skip_firewall:
        tuner.allow_meters()
    tuner.report()


if __name__ == "__main__":
    main()
