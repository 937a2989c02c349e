#!/usr/bin/env python3
"""Restart the conveyor control services on the MRF line controller.

Used by shift supervisors when the PLC bridge or the baler monitor stops
reporting. Checks each unit, restarts the ones that are down and prints
a short status table.
"""
import argparse
import logging
import os
import subprocess
import sys
import time

LOG = logging.getLogger("conveyor-svc")

DEFAULT_UNITS = [
    "plc-bridge.service",
    "baler-monitor.service",
    "conveyor-speed.service",
    "optical-sorter-gateway.service",
]


class UnitController:
    def __init__(self, use_sudo=True):
        self.prefix = ["sudo", "-n"] if use_sudo and os.geteuid() != 0 else []

    def _systemctl(self, *args, check=False):
        cmd = self.prefix + ["systemctl"] + list(args)
        LOG.debug("exec %s", cmd)
        return subprocess.run(cmd, capture_output=True, text=True, check=check)

    def state(self, unit):
        result = self._systemctl("is-active", unit)
        return result.stdout.strip() or "unknown"

    def restart(self, unit):
        LOG.info("restarting %s", unit)
        return self._systemctl("restart", unit).returncode == 0

    def reset_failed(self, unit):
        self._systemctl("reset-failed", unit)

    def recent_log(self, unit, lines=5):
        cmd = self.prefix + ["journalctl", "-u", unit, "-n", str(lines), "--no-pager"]
        return subprocess.run(cmd, capture_output=True, text=True).stdout


def wait_active(ctl, unit, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ctl.state(unit) == "active":
            return True
        time.sleep(1)
    return False


def parse_args():
    parser = argparse.ArgumentParser(description="Restart conveyor control services")
    parser.add_argument("units", nargs="*", default=DEFAULT_UNITS)
    parser.add_argument("--force", action="store_true", help="restart even if active")
    parser.add_argument("--timeout", type=int, default=20)
    parser.add_argument("--no-sudo", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    ctl = UnitController(use_sudo=not args.no_sudo)
    results = []

    for unit in args.units:
        before = ctl.state(unit)
        action = "none"
        if args.force or before != "active":
            ctl.reset_failed(unit)
            if ctl.restart(unit) and wait_active(ctl, unit, args.timeout):
                action = "restarted"
            else:
                action = "FAILED"
                LOG.warning("recent log for %s:\n%s", unit, ctl.recent_log(unit))
        after = ctl.state(unit)
        results.append((unit, before, action, after))

    width = max(len(r[0]) for r in results) if results else 10
    print("{:<{w}}  {:<10} {:<10} {:<10}".format("unit", "before", "action", "after", w=width))
    for unit, before, action, after in results:
        print("{:<{w}}  {:<10} {:<10} {:<10}".format(unit, before, action, after, w=width))

    return 1 if any(r[2] == "FAILED" for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
