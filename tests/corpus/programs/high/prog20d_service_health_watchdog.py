#!/usr/bin/env python3
"""svcwatch -- restart unhealthy systemd services.

Reads ./svcwatch.toml, polls each service's health URL every N seconds
and, after `failures` consecutive failed checks, restarts the unit with
systemctl.  Restarts are rate-limited per unit and recorded in
./svcwatch-events.jsonl.

    [defaults]
    interval = 15
    failures = 3
    max_restarts_per_hour = 4

    [[service]]
    unit = "api.service"
    url = "http://127.0.0.1:8080/healthz"
"""
import argparse
import json
import logging
import os
import signal
import subprocess
import sys
import time
import tomllib
from collections import deque
from dataclasses import dataclass, field
from typing import Deque, Dict, List, Optional

import requests

log = logging.getLogger("svcwatch")
EVENTS = "svcwatch-events.jsonl"


@dataclass
class Defaults:
    interval: float = 15.0
    failures: int = 3
    timeout: float = 5.0
    max_restarts_per_hour: int = 4


@dataclass
class Watched:
    unit: str
    url: str
    expect_status: int = 200
    expect_body: Optional[str] = None
    consecutive_failures: int = 0
    restarts: Deque[float] = field(default_factory=deque)

    def record_restart(self, now: float) -> None:
        self.restarts.append(now)
        while self.restarts and now - self.restarts[0] > 3600:
            self.restarts.popleft()


def load_config(path: str):
    with open(path, "rb") as fh:
        raw = tomllib.load(fh)
    defaults = Defaults(**raw.get("defaults", {}))
    services = [Watched(**svc) for svc in raw.get("service", [])]
    if not services:
        raise SystemExit("no [[service]] entries in %s" % path)
    return defaults, services


def emit(event: str, **fields) -> None:
    fields.update(event=event, ts=time.time())
    with open(EVENTS, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(fields) + "\n")


class Systemd:
    """Thin wrapper around systemctl, escalating with sudo when needed."""

    def __init__(self, dry_run: bool = False):
        self.dry_run = dry_run
        self.sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]

    def _ctl(self, *args: str, privileged: bool = False) -> subprocess.CompletedProcess:
        cmd = (self.sudo if privileged else []) + ["systemctl", *args]
        if self.dry_run and privileged:
            log.info("dry-run: %s", " ".join(cmd))
            return subprocess.CompletedProcess(cmd, 0, "", "")
        return subprocess.run(cmd, capture_output=True, text=True, timeout=90)

    def is_active(self, unit: str) -> bool:
        return self._ctl("is-active", "--quiet", unit).returncode == 0

    def restart(self, unit: str) -> bool:
        result = self._ctl("restart", unit, privileged=True)
        if result.returncode != 0:
            log.error("restart of %s failed: %s", unit, result.stderr.strip())
        return result.returncode == 0

    def journal_tail(self, unit: str, lines: int = 20) -> str:
        result = subprocess.run(["journalctl", "-u", unit, "-n", str(lines), "--no-pager"],
                                capture_output=True, text=True, timeout=30)
        return result.stdout


class Watchdog:
    def __init__(self, defaults: Defaults, services: List[Watched], systemd: Systemd):
        self.defaults = defaults
        self.services = services
        self.systemd = systemd
        self.http = requests.Session()
        self._stop = False

    def stop(self, *_):
        log.info("stopping")
        self._stop = True

    def check(self, svc: Watched) -> Optional[str]:
        try:
            resp = self.http.get(svc.url, timeout=self.defaults.timeout)
        except requests.RequestException as exc:
            return "request failed: %s" % exc.__class__.__name__
        if resp.status_code != svc.expect_status:
            return "status %d" % resp.status_code
        if svc.expect_body and svc.expect_body not in resp.text:
            return "body mismatch"
        return None

    def handle(self, svc: Watched) -> None:
        problem = self.check(svc)
        if problem is None:
            if svc.consecutive_failures:
                log.info("%s recovered", svc.unit)
                emit("recovered", unit=svc.unit)
            svc.consecutive_failures = 0
            return
        svc.consecutive_failures += 1
        log.warning("%s unhealthy (%s) [%d/%d]", svc.unit, problem,
                    svc.consecutive_failures, self.defaults.failures)
        if svc.consecutive_failures < self.defaults.failures:
            return
        now = time.time()
        svc.record_restart(now)
        if len(svc.restarts) > self.defaults.max_restarts_per_hour:
            log.error("%s exceeded restart budget; leaving it alone", svc.unit)
            emit("budget_exceeded", unit=svc.unit, problem=problem)
            return
        emit("restart", unit=svc.unit, problem=problem, journal=self.systemd.journal_tail(svc.unit))
        if self.systemd.restart(svc.unit):
            svc.consecutive_failures = 0

    def run_once(self) -> None:
        for svc in self.services:
            self.handle(svc)

    def run_forever(self) -> None:
        signal.signal(signal.SIGTERM, self.stop)
        signal.signal(signal.SIGINT, self.stop)
        while not self._stop:
            started = time.monotonic()
            self.run_once()
            remaining = self.defaults.interval - (time.monotonic() - started)
            while remaining > 0 and not self._stop:
                time.sleep(min(remaining, 1.0))
                remaining -= 1.0


def cmd_status(defaults, services, systemd) -> int:
    dog = Watchdog(defaults, services, systemd)
    rc = 0
    for svc in services:
        problem = dog.check(svc)
        active = systemd.is_active(svc.unit)
        print("%-28s %-8s %s" % (svc.unit, "active" if active else "inactive", problem or "healthy"))
        rc |= bool(problem)
    return rc


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="svcwatch")
    parser.add_argument("-c", "--config", default="svcwatch.toml")
    parser.add_argument("--dry-run", action="store_true", help="log restarts instead of doing them")
    parser.add_argument("--once", action="store_true", help="run one round of checks and exit")
    parser.add_argument("--status", action="store_true", help="print health table and exit")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    defaults, services = load_config(args.config)
    systemd = Systemd(dry_run=args.dry_run)
    if args.status:
        return cmd_status(defaults, services, systemd)
    dog = Watchdog(defaults, services, systemd)
    if args.once:
        dog.run_once()
    else:
        dog.run_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
