#!/usr/bin/env python3
"""Watchdog for the donor booking API on the centre's appointment server.

Polls the booking API health endpoint; after a configurable number of
consecutive failures it restarts the systemd unit and records the event
in ./watchdog_events.jsonl so the on-call engineer can see what happened.
Meant to run from the ops user's tmux session during clinic hours.
"""

import argparse
import json
import logging
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import requests

LOG = logging.getLogger("booking_watchdog")


class Watchdog:
    def __init__(self, url, unit, threshold, interval, cooldown, events_path):
        self.url = url
        self.unit = unit
        self.threshold = threshold
        self.interval = interval
        self.cooldown = cooldown
        self.events_path = events_path
        self.failures = 0
        self.last_restart = 0.0

    def healthy(self) -> bool:
        try:
            resp = requests.get(self.url, timeout=5)
        except requests.RequestException as exc:
            LOG.warning("health check error: %s", exc)
            return False
        if resp.status_code != 200:
            LOG.warning("health check returned %s", resp.status_code)
            return False
        try:
            return resp.json().get("status") == "ok"
        except ValueError:
            LOG.warning("health endpoint returned non-JSON body")
            return False

    def unit_state(self) -> str:
        result = subprocess.run(
            ["systemctl", "is-active", self.unit],
            capture_output=True, text=True, check=False,
        )
        return result.stdout.strip() or "unknown"

    def restart(self) -> bool:
        now = time.monotonic()
        if now - self.last_restart < self.cooldown:
            LOG.error("restart suppressed: still in %ss cooldown", self.cooldown)
            return False
        LOG.warning("restarting %s after %d failed checks", self.unit, self.failures)
        result = subprocess.run(
            ["systemctl", "restart", self.unit],
            capture_output=True, text=True, check=False,
        )
        self.last_restart = now
        ok = result.returncode == 0
        self.record("restart", ok=ok, stderr=result.stderr.strip())
        if not ok:
            LOG.error("systemctl restart failed: %s", result.stderr.strip())
        return ok

    def record(self, event, **fields):
        entry = {"ts": datetime.now(timezone.utc).isoformat(),
                 "event": event, "unit": self.unit, **fields}
        with self.events_path.open("a") as fh:
            fh.write(json.dumps(entry) + "\n")

    def tick(self):
        if self.healthy():
            if self.failures:
                LOG.info("booking API recovered after %d failures", self.failures)
                self.record("recovered", failures=self.failures)
            self.failures = 0
            return
        self.failures += 1
        LOG.info("failure %d/%d (unit state: %s)",
                 self.failures, self.threshold, self.unit_state())
        if self.failures >= self.threshold:
            if self.restart():
                self.failures = 0

    def run(self, once=False):
        LOG.info("watching %s (unit %s) every %ss", self.url, self.unit, self.interval)
        while True:
            self.tick()
            if once:
                return
            time.sleep(self.interval)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080/healthz")
    parser.add_argument("--unit", default="donor-booking-api.service")
    parser.add_argument("--threshold", type=int, default=3)
    parser.add_argument("--interval", type=int, default=30)
    parser.add_argument("--cooldown", type=int, default=600)
    parser.add_argument("--events", type=Path, default=Path("watchdog_events.jsonl"))
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    dog = Watchdog(args.url, args.unit, args.threshold,
                   args.interval, args.cooldown, args.events)
    try:
        dog.run(once=args.once)
    except KeyboardInterrupt:
        LOG.info("stopped by operator")
    return 0


if __name__ == "__main__":
    sys.exit(main())
