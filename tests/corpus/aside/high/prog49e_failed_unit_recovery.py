#!/usr/bin/env python3
"""Recover the app stack after a host hiccup: find failed systemd units
that belong to our stack and restart them in dependency order.

Only units already installed by the package are touched; nothing is
created or enabled. Must run as root (or via the ops sudoers entry).
"""
import argparse
import fnmatch
import json
import logging
import shlex
import subprocess
import sys
import time

logger = logging.getLogger("unit-recovery")

DEFAULT_PATTERNS = ["acme-*.service", "acme-*.socket"]
ORDER_HINTS = {"acme-db": 0, "acme-cache": 1, "acme-api": 2, "acme-worker": 3}


def systemctl(*args: str, check: bool = True) -> str:
    cmd = ["systemctl", "--no-pager", *args]
    logger.debug("$ %s", shlex.join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if check and proc.returncode != 0:
        raise RuntimeError(f"{shlex.join(cmd)}: {proc.stderr.strip()}")
    return proc.stdout


def failed_units(patterns: list) -> list:
    raw = systemctl("list-units", "--state=failed", "--output=json", "--all")
    units = [u["unit"] for u in json.loads(raw or "[]")]
    return [u for u in units if any(fnmatch.fnmatch(u, p) for p in patterns)]


def priority(unit: str) -> int:
    stem = unit.split(".")[0]
    for prefix, prio in ORDER_HINTS.items():
        if stem.startswith(prefix):
            return prio
    return 99


def recover(unit: str, settle: float) -> bool:
    systemctl("reset-failed", unit, check=False)
    try:
        systemctl("restart", unit)
    except RuntimeError as exc:
        logger.error("%s", exc)
        return False
    time.sleep(settle)
    state = systemctl("is-active", unit, check=False).strip()
    logger.info("%s -> %s", unit, state)
    return state == "active"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pattern", action="append", dest="patterns")
    ap.add_argument("--settle", type=float, default=3.0)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    patterns = args.patterns or DEFAULT_PATTERNS

    try:
        units = sorted(failed_units(patterns), key=priority)
    except (RuntimeError, ValueError) as exc:
        logger.error("cannot list units: %s", exc)
        return 1

    if not units:
        logger.info("no failed units matching %s", ", ".join(patterns))
        return 0

    logger.info("failed: %s", ", ".join(units))
    if args.dry_run:
        return 0

    still_down = [u for u in units if not recover(u, args.settle)]
    if still_down:
        logger.error("still failing: %s", ", ".join(still_down))
        for u in still_down:
            logger.error("journal for %s:\n%s", u,
                         systemctl("status", "-n", "15", u, check=False))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
