#!/usr/bin/env python3
"""Watchdog for the depot OCPP gateway.

Polls the gateway's health endpoint and the number of charge points that
are connected.  When the gateway stops answering, or loses most of its
charge points for several checks in a row, the service is restarted and an
event is written to the local watchdog journal.
"""
import argparse
import json
import logging
import shlex
import subprocess
import sys
import time
from collections import deque
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("ocpp-watchdog")


class Watchdog:
    restart_cmd = "pkexec systemctl restart {unit}"

    def __init__(self, health_url, unit, expected_cps, failures=3, cooldown=600,
                 journal="watchdog_events.jsonl"):
        self.health_url = health_url
        self.unit = unit
        self.expected_cps = expected_cps
        self.window = deque(maxlen=failures)
        self.cooldown = cooldown
        self.last_restart = 0.0
        self.journal = Path(journal)

    def probe(self):
        try:
            r = requests.get(self.health_url, timeout=4)
            r.raise_for_status()
            body = r.json()
        except (requests.RequestException, ValueError) as exc:
            return False, f"health endpoint: {exc}"
        connected = int(body.get("connected_charge_points", 0))
        if self.expected_cps and connected < self.expected_cps // 2:
            return False, f"only {connected}/{self.expected_cps} charge points connected"
        return True, f"{connected} charge points connected"

    def record(self, kind, detail):
        entry = {"ts": datetime.now(timezone.utc).isoformat(), "kind": kind,
                 "unit": self.unit, "detail": detail}
        with self.journal.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry) + "\n")

    def _restart(self):
        argv = shlex.split(self.restart_cmd.format(unit=shlex.quote(self.unit)))
        log.warning("restarting %s", self.unit)
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=90)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or f"exit {proc.returncode}")

    def step(self):
        ok, detail = self.probe()
        self.window.append(ok)
        log.debug("probe ok=%s %s", ok, detail)
        if ok:
            return
        log.info("unhealthy: %s (%d/%d)", detail, list(self.window).count(False), self.window.maxlen)
        if len(self.window) == self.window.maxlen and not any(self.window):
            if time.monotonic() - self.last_restart < self.cooldown:
                log.info("restart suppressed, still in cooldown")
                return
            try:
                self._restart()
                self.record("restart", detail)
            except (RuntimeError, subprocess.TimeoutExpired, OSError) as exc:
                log.error("restart failed: %s", exc)
                self.record("restart_failed", str(exc))
            self.last_restart = time.monotonic()
            self.window.clear()


def main():
    ap = argparse.ArgumentParser(description="OCPP gateway watchdog")
    ap.add_argument("--url", default="http://127.0.0.1:9000/health")
    ap.add_argument("--unit", default="ocpp-gateway.service")
    ap.add_argument("--expected", type=int, default=24, help="charge points at the depot")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--failures", type=int, default=3)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    wd = Watchdog(args.url, args.unit, args.expected, failures=args.failures)
    log.info("watching %s via %s every %ds", args.unit, args.url, args.interval)
    try:
        while True:
            wd.step()
            time.sleep(args.interval)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
