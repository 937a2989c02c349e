#!/usr/bin/env python3
"""Watchdog for the fitting-data sync daemon on the clinic server.

The sync daemon that mirrors fitting sessions between the branch clinics
sometimes hangs after the nightly NHS claim export. This checks its health
endpoint and, after a few failures, restarts the service and raises the
inotify watch limit it tends to run out of.
"""
import argparse
import configparser
import logging
import shlex
import subprocess
import sys
import time
import urllib.error
import urllib.request

log = logging.getLogger("sync_watchdog")

DEFAULTS = {
    "health_url": "http://127.0.0.1:8741/health",
    "unit": "fitting-sync.service",
    "elevate": "pkexec",
    "max_failures": "3",
    "interval": "60",
    "inotify_watches": "524288",
}


class Watchdog:
    def __init__(self, cfg: configparser.SectionProxy):
        self.health_url = cfg.get("health_url")
        self.unit = cfg.get("unit")
        self.prefix = shlex.split(cfg.get("elevate"))
        self.max_failures = cfg.getint("max_failures")
        self.interval = cfg.getint("interval")
        self.watches = cfg.get("inotify_watches")
        self.failures = 0

    def healthy(self) -> bool:
        try:
            with urllib.request.urlopen(self.health_url, timeout=5) as resp:
                return resp.status == 200
        except (urllib.error.URLError, OSError) as exc:
            log.warning("health check failed: %s", exc)
            return False

    def _admin(self, *args: str) -> int:
        cmd = self.prefix + list(args)
        log.info("running %s", " ".join(cmd))
        return subprocess.run(cmd, check=False).returncode

    def raise_watch_limit(self) -> None:
        key = ".".join(["fs", "inotify", "max_user_watches"])
        self._admin("sysctl", "-w", f"{key}={self.watches}")

    def restart_unit(self) -> None:
        action = {"soft": "reload-or-restart", "hard": "restart"}
        verb = action["hard"] if self.failures > self.max_failures else action["soft"]
        self._admin("systemctl", verb, self.unit)

    def tick(self) -> None:
        if self.healthy():
            if self.failures:
                log.info("sync daemon recovered")
            self.failures = 0
            return
        self.failures += 1
        log.warning("failure %d/%d", self.failures, self.max_failures)
        if self.failures >= self.max_failures:
            self.raise_watch_limit()
            self.restart_unit()
            time.sleep(10)

    def run(self, once: bool) -> None:
        while True:
            self.tick()
            if once:
                return
            time.sleep(self.interval)


def load_config(path: str) -> configparser.SectionProxy:
    parser = configparser.ConfigParser()
    parser["watchdog"] = DEFAULTS
    read = parser.read(path)
    if not read:
        log.info("no %s, using defaults", path)
    return parser["watchdog"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="sync_watchdog.ini")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        Watchdog(load_config(args.config)).run(args.once)
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
