#!/usr/bin/env python3
"""Watchdog for the mooring payment kiosk at the visitor moorings.

The kiosk runs a local web app (mooring-kiosk.service) that sells overnight
mooring tickets and prints permits.  It occasionally wedges after the 4G
modem drops out.  This watchdog polls the app's /healthz endpoint and, after
several consecutive failures, restarts the unit and the receipt printer
spooler.  Meant to be started from the kiosk user's desktop session.
"""
import argparse
import json
import logging
import logging.handlers
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("kiosk-watchdog")


@dataclass
class WatchConfig:
    health_url: str = "http://127.0.0.1:8088/healthz"
    units: list = field(default_factory=lambda: ["mooring-kiosk.service", "cups.service"])
    interval: float = 30.0
    threshold: int = 3
    cooldown: float = 300.0

    @classmethod
    def from_file(cls, path):
        cfg = cls()
        if path.exists():
            for k, v in json.loads(path.read_text()).items():
                if hasattr(cfg, k):
                    setattr(cfg, k, v)
        return cfg


def healthy(url, timeout=5.0):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            if resp.status != 200:
                return False
            body = json.loads(resp.read() or b"{}")
            return body.get("status") == "ok" and body.get("printer", "ok") == "ok"
    except (urllib.error.URLError, OSError, ValueError) as exc:
        log.debug("health probe failed: %s", exc)
        return False


def elevate_cmd():
    """Pick a way to get the privileges systemctl needs from a desktop session."""
    for tool in ("pkexec", "sudo"):
        path = shutil.which(tool)
        if path:
            return [path] if tool == "pkexec" else [path, "-n"]
    return []


def restart_units(units):
    systemctl = shutil.which("systemctl") or "/usr/bin/systemctl"
    prefix = elevate_cmd()
    ok = True
    for unit in units:
        cmd = prefix + [systemctl, "restart", unit]
        log.warning("restarting %s", unit)
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=90)
        if proc.returncode != 0:
            log.error("restart of %s failed: %s", unit, proc.stderr.strip())
            ok = False
    return ok


class Watchdog:
    def __init__(self, cfg):
        self.cfg = cfg
        self.failures = 0
        self.last_restart = 0.0

    def tick(self):
        if healthy(self.cfg.health_url):
            if self.failures:
                log.info("kiosk healthy again after %d failed probes", self.failures)
            self.failures = 0
            return
        self.failures += 1
        log.info("probe failed (%d/%d)", self.failures, self.cfg.threshold)
        if self.failures < self.cfg.threshold:
            return
        if time.monotonic() - self.last_restart < self.cfg.cooldown:
            log.info("in cooldown, not restarting yet")
            return
        restart_units(self.cfg.units)
        self.last_restart = time.monotonic()
        self.failures = 0

    def run(self):
        while True:
            self.tick()
            time.sleep(self.cfg.interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description="mooring kiosk watchdog")
    ap.add_argument("--config", type=Path, default=Path("watchdog.json"))
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--logfile", default="kiosk_watchdog.log")
    args = ap.parse_args(argv)

    handler = logging.handlers.RotatingFileHandler(args.logfile, maxBytes=512_000, backupCount=3)
    logging.basicConfig(level=logging.INFO, handlers=[handler, logging.StreamHandler()],
                        format="%(asctime)s %(levelname)s %(message)s")
    dog = Watchdog(WatchConfig.from_file(args.config))
    if args.once:
        dog.cfg.threshold = 1
        dog.tick()
        return 0
    try:
        dog.run()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
