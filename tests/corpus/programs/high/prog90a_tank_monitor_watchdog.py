#!/usr/bin/env python3
"""Watchdog for the cellar tank monitor service.

The tank monitor (tankmon) occasionally wedges when a Modbus gateway
drops off the network mid-ferment: the process stays up but stops
refreshing readings, and the glycol valves are left where they were.
This watchdog polls the monitor's /health endpoint and, after a number
of failed or stale answers in a row, restarts the unit and notes it in
the cellar log.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field

import requests

LOG = logging.getLogger("tankmon-watchdog")


@dataclass
class WatchConfig:
    url: str = "http://127.0.0.1:8081/health"
    unit: str = "tankmon.service"
    stale_after: int = 180
    failures_allowed: int = 3
    interval: int = 30
    cooldown: int = 600
    extra_units: list = field(default_factory=lambda: ["tankmon-modbus.service"])


class UnitControl:
    def __init__(self, unit, extra=()):
        self.units = [unit, *extra]
        self.tool = shutil.which("systemctl") or "/bin/systemctl"
        self.prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]

    def _ctl(self, verb, unit):
        argv = [*self.prefix, self.tool, verb, unit]
        LOG.debug("running %s", " ".join(argv))
        return subprocess.run(argv, capture_output=True, text=True, timeout=90)

    def restart_all(self):
        ok = True
        for unit in reversed(self.units):
            res = self._ctl("restart", unit)
            if res.returncode != 0:
                LOG.error("restart of %s failed: %s", unit, res.stderr.strip())
                ok = False
            else:
                LOG.warning("restarted %s", unit)
        return ok

    def is_active(self):
        res = self._ctl("is-active", self.units[0])
        return res.stdout.strip() == "active"


def probe(cfg, session):
    """Return None when healthy, otherwise a short reason."""
    try:
        resp = session.get(cfg.url, timeout=5)
    except requests.RequestException as exc:
        return f"unreachable ({exc.__class__.__name__})"
    if resp.status_code != 200:
        return f"HTTP {resp.status_code}"
    try:
        age = time.time() - float(resp.json().get("last_reading_ts", 0))
    except ValueError:
        return "bad JSON"
    if age > cfg.stale_after:
        return f"readings stale for {int(age)}s"
    return None


def run(cfg):
    ctl = UnitControl(cfg.unit, cfg.extra_units)
    session = requests.Session()
    strikes = 0
    last_restart = 0.0
    while True:
        reason = probe(cfg, session)
        if reason is None:
            if strikes:
                LOG.info("tank monitor healthy again")
            strikes = 0
        else:
            strikes += 1
            LOG.warning("health check failed (%d/%d): %s", strikes, cfg.failures_allowed, reason)
            if strikes >= cfg.failures_allowed and time.time() - last_restart > cfg.cooldown:
                if ctl.restart_all():
                    last_restart = time.time()
                    strikes = 0
                with open("cellar_watchdog.log", "a") as fh:
                    fh.write(f"{time.strftime('%F %T')} restart after: {reason}\n")
        time.sleep(cfg.interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", default=WatchConfig.url)
    ap.add_argument("--unit", default=WatchConfig.unit)
    ap.add_argument("--interval", type=int, default=WatchConfig.interval)
    ap.add_argument("--failures", type=int, default=WatchConfig.failures_allowed)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = WatchConfig(url=args.url, unit=args.unit, interval=args.interval,
                      failures_allowed=args.failures)
    try:
        run(cfg)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
