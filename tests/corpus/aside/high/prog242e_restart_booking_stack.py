#!/usr/bin/env python3
"""Restart the booking site services on a studio web host, in order.

Used after a deploy or when the booking widget hangs. Restarts the payment
webhook worker, the booking API (gunicorn) and nginx, waiting for each to
become active and for the health endpoint to answer before moving on. Rolls
forward only: if a unit fails to come back it stops and prints its journal.
"""

import argparse
import logging
import subprocess
import sys
import time
import urllib.error
import urllib.request

log = logging.getLogger("restart_booking_stack")

UNITS = [
    "booking-webhooks.service",
    "booking-api.service",
    "nginx.service",
]
HEALTH_URL = "http://127.0.0.1:8000/healthz"


class UnitError(RuntimeError):
    pass


def systemctl(*args, check=True):
    cmd = ["sudo", "systemctl", *args]
    log.debug("running %s", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True)
    if check and result.returncode != 0:
        raise UnitError(f"{' '.join(cmd)} failed: {result.stderr.strip()}")
    return result


def is_active(unit):
    return systemctl("is-active", "--quiet", unit, check=False).returncode == 0


def wait_active(unit, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if is_active(unit):
            return True
        time.sleep(1)
    return False


def wait_health(timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(HEALTH_URL, timeout=3) as resp:
                if resp.status == 200:
                    return True
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(2)
    return False


def show_journal(unit, lines=30):
    out = subprocess.run(["journalctl", "-u", unit, "-n", str(lines), "--no-pager"],
                         capture_output=True, text=True)
    print(out.stdout or out.stderr)


def restart(unit, timeout, dry_run):
    if dry_run:
        log.info("dry run: would restart %s", unit)
        return
    log.info("restarting %s", unit)
    systemctl("restart", unit)
    if not wait_active(unit, timeout):
        show_journal(unit)
        raise UnitError(f"{unit} did not become active within {timeout}s")
    if unit == "booking-api.service" and not wait_health(timeout):
        show_journal(unit)
        raise UnitError("booking API is active but /healthz is not answering")
    log.info("%s is up", unit)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--only", choices=UNITS, action="append",
                    help="restart just this unit (repeatable)")
    ap.add_argument("--timeout", type=int, default=45)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    units = args.only or UNITS
    started = time.monotonic()
    try:
        for unit in units:
            restart(unit, args.timeout, args.dry_run)
    except UnitError as exc:
        log.error("%s", exc)
        return 1
    except FileNotFoundError:
        log.error("systemctl not found - is this the web host?")
        return 2
    log.info("booking stack restarted in %.1fs", time.monotonic() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
