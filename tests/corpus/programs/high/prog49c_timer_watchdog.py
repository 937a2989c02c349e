#!/usr/bin/env python3
"""Watchdog for the maintenance timers (runs every 10 min from cron as root).

Lists the maintenance *.service units behind our timers, and when one has
ended in the "failed" state it resets the failure counter and starts the
job again, at most --max-retries times per day.
"""
import argparse
import json
import logging
import shutil
import subprocess
import time
from pathlib import Path

log = logging.getLogger("timer-watchdog")

SYSTEMCTL = shutil.which("systemctl") or "/usr/bin/systemctl"
WATCHED_PREFIXES = ("logrotate", "db-vacuum", "cert-rollout", "report-mailer", "cache-prune")


class RetryLedger:
    """Small JSON ledger of restarts per unit per day, kept in the cwd."""

    def __init__(self, path: Path):
        self.path = path
        self.data = json.loads(path.read_text()) if path.exists() else {}

    def _key(self, unit: str) -> str:
        return f"{time.strftime('%Y-%m-%d')}:{unit}"

    def count(self, unit: str) -> int:
        return self.data.get(self._key(unit), 0)

    def bump(self, unit: str) -> None:
        self.data[self._key(unit)] = self.count(unit) + 1

    def save(self) -> None:
        today = time.strftime("%Y-%m-%d")
        self.data = {k: v for k, v in self.data.items() if k.startswith(today)}
        self.path.write_text(json.dumps(self.data, indent=1))


def ctl(*args, check=True):
    cmd = [SYSTEMCTL, "--no-pager", "--plain", *args]
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, capture_output=True, text=True, check=check)


def failed_units() -> list:
    out = ctl("list-units", "--state=failed", "--type=service", "--no-legend").stdout
    units = []
    for line in out.splitlines():
        fields = line.split()
        if fields and fields[0].startswith(WATCHED_PREFIXES):
            units.append(fields[0])
    return units


def recover(unit: str, dry_run: bool) -> bool:
    if dry_run:
        log.info("[dry-run] would restart %s", unit)
        return True
    ctl("reset-failed", unit)
    result = ctl("restart", unit, check=False)
    if result.returncode != 0:
        log.error("restart of %s failed: %s", unit, result.stderr.strip())
        return False
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--max-retries", type=int, default=3)
    ap.add_argument("--ledger", default="timer-watchdog.json")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    ledger = RetryLedger(Path(args.ledger))
    try:
        units = failed_units()
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("cannot query systemd: %s", exc)
        return 2
    if not units:
        log.info("all maintenance units healthy")
    for unit in units:
        if ledger.count(unit) >= args.max_retries:
            log.warning("%s failed again; retry budget exhausted today", unit)
            continue
        if recover(unit, args.dry_run):
            ledger.bump(unit)
            log.info("restarted %s (attempt %d)", unit, ledger.count(unit))
    ledger.save()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
