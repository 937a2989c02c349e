#!/usr/bin/env python3
"""Watchdog for the reminder SMS bot service on the office mini-PC.

The SMS bot exposes /healthz on localhost. When the 4G dongle drops out the
bot sometimes wedges with its gateway connection half-open and stops sending
reminders without crashing. This polls the health endpoint and, after a few
consecutive failures, restarts the service and notes it in ./watchdog.log.

    python3 reminder_bot_watchdog.py --unit sweep-reminder.service
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from logging.handlers import RotatingFileHandler

log = logging.getLogger("sms-watchdog")


def health_checks(url: str, interval: float, timeout: float):
    """Yield (ok, detail) for every poll of the health endpoint, forever."""
    while True:
        try:
            with urllib.request.urlopen(url, timeout=timeout) as resp:
                body = json.loads(resp.read() or b"{}")
                ok = resp.status == 200 and body.get("gateway") == "up"
                yield ok, body
        except (urllib.error.URLError, TimeoutError, ValueError) as exc:
            yield False, {"error": str(exc)}
        time.sleep(interval)


class ServiceControl:
    """Restarts the bot's unit, asking for elevation the way the desktop does."""

    def __init__(self, unit: str):
        self.unit = unit
        self.restarts = 0

    def _elevation(self):
        if os.geteuid() == 0:
            return []
        if shutil.which("pkexec") and os.environ.get("DISPLAY"):
            return ["pkexec"]
        return ["sudo", "-n"]

    def restart(self) -> bool:
        cmd = self._elevation() + ["systemctl", "restart", self.unit]
        log.warning("restarting %s: %s", self.unit, " ".join(cmd))
        try:
            res = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as exc:
            log.error("restart failed to run: %s", exc)
            return False
        if res.returncode != 0:
            log.error("restart refused (%d): %s", res.returncode, res.stderr.strip())
            return False
        self.restarts += 1
        return True

    def is_active(self) -> bool:
        res = subprocess.run(["systemctl", "is-active", "--quiet", self.unit])
        return res.returncode == 0


def main():
    ap = argparse.ArgumentParser(description="reminder bot watchdog")
    ap.add_argument("--unit", default="sweep-reminder.service")
    ap.add_argument("--url", default="http://127.0.0.1:8087/healthz")
    ap.add_argument("--interval", type=float, default=30)
    ap.add_argument("--failures", type=int, default=3,
                    help="consecutive failed checks before a restart")
    ap.add_argument("--max-restarts", type=int, default=5,
                    help="give up after this many restarts in one run")
    args = ap.parse_args()

    handler = RotatingFileHandler("watchdog.log", maxBytes=512_000, backupCount=3)
    logging.basicConfig(level=logging.INFO, handlers=[handler, logging.StreamHandler()],
                        format="%(asctime)s %(levelname)s %(message)s")

    svc = ServiceControl(args.unit)
    streak = 0
    log.info("watching %s via %s every %ss", args.unit, args.url, args.interval)
    for ok, detail in health_checks(args.url, args.interval, timeout=10):
        if ok:
            if streak:
                log.info("healthy again after %d failed checks", streak)
            streak = 0
            continue
        streak += 1
        log.warning("health check failed (%d/%d): %s", streak, args.failures, detail)
        if streak < args.failures:
            continue
        if svc.restarts >= args.max_restarts:
            log.critical("restart limit reached; leaving %s alone", args.unit)
            return 1
        if svc.restart():
            time.sleep(10)
            log.info("%s active after restart: %s", args.unit, svc.is_active())
        streak = 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
