#!/usr/bin/env python3
"""Restart the storefront services after a deploy.

The webshop runs as a few systemd services on the shop server (web app,
stock sync worker, lesson booking API).  After pulling a new release the
developer runs this to restart them in order and check they came back.
"""

import argparse
import logging
import subprocess
import sys
import time
import urllib.request

log = logging.getLogger("storefront-restart")

SERVICES = [
    {"unit": "kickflip-web.service", "health": "http://127.0.0.1:8000/healthz"},
    {"unit": "kickflip-stock-sync.service", "health": None},
    {"unit": "kickflip-bookings.service", "health": "http://127.0.0.1:8010/healthz"},
]


def systemctl(*args, privileged=True):
    cmd = ["systemctl", *args]
    if privileged:
        cmd = ["sudo", "-n"] + cmd
    return subprocess.run(cmd, capture_output=True, text=True)


def is_active(unit):
    result = systemctl("is-active", unit, privileged=False)
    return result.stdout.strip() == "active"


def restart(unit):
    log.info("restarting %s", unit)
    result = systemctl("restart", unit)
    if result.returncode != 0:
        log.error("restart of %s failed: %s", unit, result.stderr.strip())
        return False
    return True


def wait_active(unit, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if is_active(unit):
            return True
        time.sleep(1)
    return False


def probe(url, attempts=5):
    for _ in range(attempts):
        try:
            with urllib.request.urlopen(url, timeout=3) as resp:
                if resp.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(2)
    return False


def reload_daemon():
    result = systemctl("daemon-reload")
    if result.returncode != 0:
        log.warning("daemon-reload failed: %s", result.stderr.strip())


def show_status(unit):
    result = systemctl("status", unit, "--no-pager", "-n", "5", privileged=False)
    print(result.stdout)


def parse_args():
    parser = argparse.ArgumentParser(description="Restart storefront services")
    parser.add_argument("--only", help="restart just this unit")
    parser.add_argument("--timeout", type=int, default=30)
    parser.add_argument("--reload", action="store_true", help="run daemon-reload first")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if args.reload:
        reload_daemon()
    targets = [s for s in SERVICES if not args.only or s["unit"] == args.only]
    if not targets:
        log.error("unknown unit %s", args.only)
        return 2
    failures = 0
    for svc in targets:
        unit = svc["unit"]
        if not restart(unit) or not wait_active(unit, args.timeout):
            log.error("%s did not come back", unit)
            show_status(unit)
            failures += 1
            continue
        if svc["health"] and not probe(svc["health"]):
            log.error("%s is up but health check fails", unit)
            failures += 1
            continue
        log.info("%s ok", unit)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
