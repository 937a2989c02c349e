#!/usr/bin/env python3
"""Restarts the receipt printing stack when tickets stop coming out.

Stall staff run this from the desktop shortcut; it checks the queue and,
if jobs are stuck, restarts CUPS and the ticket relay.
"""

import argparse
import logging
import shutil
import subprocess
import sys
import time

log = logging.getLogger("printer_fix")

UNITS = ["cups.service", "ticket-relay.service"]
STUCK_AFTER_SECONDS = 120


def run(cmd, check=False):
    log.debug("running: %s", " ".join(cmd))
    return subprocess.run(cmd, capture_output=True, text=True, check=check)


def privileged(cmd):
    if shutil.which("sudo") is None:
        raise SystemExit("sudo is required")
    return ["sudo", "-n"] + cmd


def queued_jobs():
    result = run(["lpstat", "-o"])
    jobs = []
    for line in result.stdout.splitlines():
        parts = line.split()
        if parts:
            jobs.append(parts[0])
    return jobs


def unit_active(unit):
    result = run(["systemctl", "is-active", unit])
    return result.stdout.strip() == "active"


def restart_unit(unit):
    result = run(privileged(["systemctl", "restart", unit]))
    if result.returncode != 0:
        log.error("restart of %s failed: %s", unit, result.stderr.strip())
        return False
    log.info("restarted %s", unit)
    return True


def clear_queue(jobs):
    for job in jobs:
        run(["cancel", job])
    log.info("cancelled %d stuck job(s)", len(jobs))


class QueueWatcher:
    def __init__(self, wait):
        self.wait = wait

    def stuck(self):
        first = set(queued_jobs())
        if not first:
            return []
        time.sleep(self.wait)
        second = set(queued_jobs())
        return sorted(first & second)


def main():
    parser = argparse.ArgumentParser(description="Fix stuck receipt printing")
    parser.add_argument("--force", action="store_true", help="restart even if queue looks fine")
    parser.add_argument("--clear", action="store_true", help="cancel stuck jobs after restart")
    parser.add_argument("--wait", type=int, default=STUCK_AFTER_SECONDS)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    stuck = [] if args.force else QueueWatcher(args.wait).stuck()
    down = [u for u in UNITS if not unit_active(u)]
    if not (args.force or stuck or down):
        log.info("printing looks healthy, nothing to do")
        return 0

    if down:
        log.warning("inactive units: %s", ", ".join(down))
    ok = all(restart_unit(u) for u in UNITS)
    if args.clear and stuck:
        clear_queue(stuck)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
