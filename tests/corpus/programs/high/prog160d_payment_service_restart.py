#!/usr/bin/env python3
"""Check the card payment bridge on a branch till and restart it if stuck.

Run from the branch maintenance menu when the terminals show
"host unavailable".
"""
import argparse
import logging
import subprocess
import sys
import time

LOG = logging.getLogger("payment-restart")

DEFAULT_UNITS = ["sudsco-payment-bridge.service", "sudsco-coin-reader.service"]


def run(cmd, check=False):
    LOG.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, capture_output=True, text=True, check=check)


def unit_state(unit):
    result = run(["systemctl", "is-active", unit])
    return result.stdout.strip() or "unknown"


def recent_errors(unit, lines):
    result = run(["journalctl", "-u", unit, "-n", str(lines), "-p", "err", "--no-pager"])
    return result.stdout.strip().splitlines()


def restart_unit(unit):
    LOG.info("restarting %s", unit)
    result = run(["sudo", "-n", "systemctl", "restart", unit])
    if result.returncode != 0:
        LOG.error("restart of %s failed: %s", unit, result.stderr.strip())
        return False
    return True


def wait_active(unit, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if unit_state(unit) == "active":
            return True
        time.sleep(1)
    return False


class Checker:
    def __init__(self, units, force, timeout, error_lines):
        self.units = units
        self.force = force
        self.timeout = timeout
        self.error_lines = error_lines

    def check_unit(self, unit):
        state = unit_state(unit)
        LOG.info("%s is %s", unit, state)
        errors = recent_errors(unit, self.error_lines)
        for line in errors:
            LOG.info("  %s", line)
        if state == "active" and not self.force:
            return True
        if not restart_unit(unit):
            return False
        if wait_active(unit, self.timeout):
            LOG.info("%s is back", unit)
            return True
        LOG.error("%s did not come back within %ss", unit, self.timeout)
        return False

    def run(self):
        results = {unit: self.check_unit(unit) for unit in self.units}
        return all(results.values())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("units", nargs="*", default=DEFAULT_UNITS)
    parser.add_argument("--force", action="store_true",
                        help="restart even if the unit reports active")
    parser.add_argument("--timeout", type=int, default=30)
    parser.add_argument("--errors", type=int, default=10,
                        help="number of recent error lines to show")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    checker = Checker(args.units, args.force, args.timeout, args.errors)
    return 0 if checker.run() else 1


if __name__ == "__main__":
    sys.exit(main())
