#!/usr/bin/env python3
"""Watchdog for the parts-order queue service on the branch server.

Checks the local queue health endpoint; if orders have been stuck longer
than the threshold, restarts the queue service and records what happened.
"""
import argparse
import json
import logging
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("queue_watchdog")

SERVICE = "parts-order-queue.service"
HEALTH_URL = "http://queue.branch.example.com:8081/health"

RESTART_SH = """
set -e
echo "restarting $SERVICE"
systemctl restart "$SERVICE"
sleep "$SETTLE"
systemctl is-active "$SERVICE"
"""


class QueueHealth:
    def __init__(self, url, timeout):
        self.url = url
        self.timeout = timeout

    def fetch(self):
        with urllib.request.urlopen(self.url, timeout=self.timeout) as resp:
            return json.load(resp)

    def oldest_pending_age(self):
        data = self.fetch()
        oldest = data.get("oldest_pending_ts")
        if oldest is None:
            return 0.0
        return max(0.0, time.time() - float(oldest))


class ServiceControl:
    def __init__(self, service, settle):
        self.service = service
        self.settle = settle

    def status(self):
        proc = subprocess.run(["systemctl", "is-active", self.service],
                              capture_output=True, text=True)
        return proc.stdout.strip() or "unknown"

    def restart(self):
        env = {"SERVICE": self.service, "SETTLE": str(self.settle), "PATH": "/usr/bin:/bin"}
        proc = subprocess.run(["bash", "-c", RESTART_SH], env=env,
                              capture_output=True, text=True)
        LOG.info("restart output: %s", proc.stdout.strip().replace("\n", " | "))
        if proc.returncode != 0:
            LOG.error("restart failed: %s", proc.stderr.strip())
        return proc.returncode == 0

    def recent_journal(self, lines=20):
        proc = subprocess.run(["journalctl", "-u", self.service, "-n", str(lines), "--no-pager"],
                              capture_output=True, text=True)
        return proc.stdout


def record(event_log, entry):
    with Path(event_log).open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry) + "\n")


def main():
    ap = argparse.ArgumentParser(description="Parts-order queue watchdog")
    ap.add_argument("--url", default=HEALTH_URL)
    ap.add_argument("--service", default=SERVICE)
    ap.add_argument("--max-age", type=int, default=600, help="seconds an order may wait")
    ap.add_argument("--settle", type=int, default=5)
    ap.add_argument("--events", default="watchdog_events.jsonl")
    ap.add_argument("--check-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    health = QueueHealth(args.url, timeout=5)
    svc = ServiceControl(args.service, args.settle)
    entry = {"ts": time.time(), "service": args.service}
    try:
        age = health.oldest_pending_age()
        entry["oldest_age"] = age
        LOG.info("oldest pending order: %.0fs", age)
    except (urllib.error.URLError, ValueError, OSError) as exc:
        LOG.warning("health endpoint unreachable: %s", exc)
        age = float("inf")
        entry["error"] = str(exc)

    if age <= args.max_age:
        LOG.info("queue healthy (%s)", svc.status())
        return 0
    if args.check_only:
        LOG.warning("queue stuck, restart skipped (--check-only)")
        return 1

    entry["journal_before"] = svc.recent_journal()
    entry["restarted"] = svc.restart()
    entry["status_after"] = svc.status()
    record(args.events, entry)
    return 0 if entry["restarted"] else 1


if __name__ == "__main__":
    sys.exit(main())
