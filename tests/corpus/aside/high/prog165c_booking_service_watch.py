#!/usr/bin/env python3
"""Watch the fitting booking service and restart it when it stops answering.

Runs on the office server from the admin account. The booking service serves
the calendar that fitters and the showroom use to book measure-ups.
"""
import argparse
import logging
import os
import subprocess
import time

import requests

log = logging.getLogger("bookwatch")

SETTINGS = {
    "unit": os.environ.get("BOOKING_UNIT", "fitting-booking.service"),
    "health_url": os.environ.get("BOOKING_HEALTH", "http://127.0.0.1:8080/health"),
    "check_every": 60,
    "failures_before_restart": 3,
    "cooldown": 300,
}


def healthy(url):
    try:
        resp = requests.get(url, timeout=5)
        return resp.status_code == 200 and resp.json().get("status") == "ok"
    except (requests.RequestException, ValueError):
        return False


def service_command(action, unit):
    return ["sudo", "-n", "systemctl", action, unit]


def unit_state(unit):
    proc = subprocess.run(["systemctl", "is-active", unit],
                          capture_output=True, text=True, check=False)
    return proc.stdout.strip() or "unknown"


def restart(unit):
    cmd = service_command("restart", unit)
    log.warning("restarting %s", unit)
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        log.error("restart failed: %s", proc.stderr.strip())
        return False
    return True


class Watcher:
    def __init__(self, settings):
        self.s = settings
        self.failures = 0
        self.last_restart = 0.0

    def in_cooldown(self):
        return time.time() - self.last_restart < self.s["cooldown"]

    def tick(self):
        if healthy(self.s["health_url"]):
            if self.failures:
                log.info("service healthy again")
            self.failures = 0
            return
        self.failures += 1
        log.info("health check failed (%d), unit is %s",
                 self.failures, unit_state(self.s["unit"]))
        if self.failures >= self.s["failures_before_restart"] and not self.in_cooldown():
            if restart(self.s["unit"]):
                self.last_restart = time.time()
                self.failures = 0

    def run(self, once=False):
        while True:
            self.tick()
            if once:
                break
            time.sleep(self.s["check_every"])


def main():
    parser = argparse.ArgumentParser(description="Booking service watchdog")
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--interval", type=int, default=SETTINGS["check_every"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    SETTINGS["check_every"] = args.interval
    Watcher(SETTINGS).run(once=args.once)


if __name__ == "__main__":
    main()
