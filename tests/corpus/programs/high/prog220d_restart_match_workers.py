#!/usr/bin/env python3
"""Rolling restart of the settlement-matching worker services.

After a config change to the matching tolerances the worker units have to be
restarted. This tool validates the new config, then restarts each worker
unit one at a time and waits for it to report active before moving on, so
the queue never loses all consumers at once.
"""

import argparse
import json
import logging
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("restart_match_workers")

DEFAULT_UNITS = [
    "recon-match-worker@1.service",
    "recon-match-worker@2.service",
    "recon-match-worker@3.service",
]
REQUIRED_KEYS = {"tolerance_days", "amount_tolerance_minor", "currencies"}


class ConfigError(Exception):
    pass


def validate_config(path: Path) -> dict:
    try:
        cfg = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise ConfigError(f"cannot load {path}: {exc}") from exc
    missing = REQUIRED_KEYS - cfg.keys()
    if missing:
        raise ConfigError(f"missing keys: {sorted(missing)}")
    if not 0 <= int(cfg["tolerance_days"]) <= 5:
        raise ConfigError("tolerance_days must be between 0 and 5")
    if not cfg["currencies"]:
        raise ConfigError("currencies must not be empty")
    return cfg


class UnitController:
    def __init__(self, dry_run: bool, timeout: int):
        self.dry_run = dry_run
        self.timeout = timeout

    def _systemctl(self, *args: str) -> subprocess.CompletedProcess:
        cmd = ["systemctl", *args]
        LOG.debug("exec: %s", " ".join(cmd))
        return subprocess.run(cmd, capture_output=True, text=True)

    def is_active(self, unit: str) -> bool:
        return self._systemctl("is-active", "--quiet", unit).returncode == 0

    def restart(self, unit: str) -> bool:
        if self.dry_run:
            LOG.info("dry run: would restart %s", unit)
            return True
        result = self._systemctl("restart", unit)
        if result.returncode != 0:
            LOG.error("restart of %s failed: %s", unit, result.stderr.strip())
            return False
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if self.is_active(unit):
                LOG.info("%s is active", unit)
                return True
            time.sleep(1)
        LOG.error("%s did not become active within %ds", unit, self.timeout)
        return False


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", type=Path, default=Path("config/matching.json"))
    parser.add_argument("--unit", action="append", dest="units",
                        help="unit to restart (repeatable)")
    parser.add_argument("--timeout", type=int, default=60)
    parser.add_argument("--pause", type=int, default=10,
                        help="seconds to wait between units")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        cfg = validate_config(args.config)
    except ConfigError as exc:
        LOG.error("config rejected: %s", exc)
        return 2
    LOG.info("config ok: tolerance_days=%s currencies=%s",
             cfg["tolerance_days"], ",".join(cfg["currencies"]))

    ctl = UnitController(args.dry_run, args.timeout)
    units = args.units or DEFAULT_UNITS
    for i, unit in enumerate(units):
        LOG.info("[%d/%d] restarting %s", i + 1, len(units), unit)
        if not ctl.restart(unit):
            LOG.error("stopping rollout; remaining units untouched")
            return 1
        if i + 1 < len(units):
            time.sleep(args.pause)
    LOG.info("rolling restart complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
