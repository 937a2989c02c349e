#!/usr/bin/env python3
"""Watchdog for the paddock weather station logger.

The station's USB console drops out now and then and the logger service
stops writing. Trek leaders rely on the wind readings before taking strings
up the ridge, so this restarts the logger when readings go stale.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("wx-watchdog")

WATCH = {
    "reading_file": "/var/lib/weewx/current.json",
    "services": ["weewx", "wx-uploader"],
    "stale_after": 600,
    "max_restarts_per_hour": 3,
}

STATE_FILE = Path(os.environ.get("WX_WATCHDOG_STATE",
                                 "~/.local/state/wx_watchdog.json")).expanduser()


def reading_age(path):
    try:
        data = json.loads(Path(path).read_text())
        stamp = float(data.get("dateTime", 0))
    except (OSError, ValueError):
        try:
            stamp = Path(path).stat().st_mtime
        except OSError:
            return None
    return time.time() - stamp


def load_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (OSError, ValueError):
        return {"restarts": []}


def save_state(state):
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    STATE_FILE.write_text(json.dumps(state))


def recent_restarts(state, window=3600):
    cutoff = time.time() - window
    state["restarts"] = [t for t in state["restarts"] if t >= cutoff]
    return len(state["restarts"])


def _service_cmd(action, unit):
    base = ["systemctl", action, unit]
    if os.geteuid() != 0:
        base = ["sudo", "-n"] + base
    return base


def service_active(unit):
    result = subprocess.run(["systemctl", "is-active", unit],
                            capture_output=True, text=True)
    return result.stdout.strip() == "active"


def restart_service(unit):
    cmd = _service_cmd("restart", unit)
    LOG.warning("restarting %s", unit)
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        LOG.error("restart of %s failed: %s", unit, result.stderr.strip())
        return False
    return True


def check_once(cfg, state, dry_run=False):
    age = reading_age(cfg["reading_file"])
    if age is not None and age < cfg["stale_after"]:
        LOG.info("latest reading %.0fs old, fine", age)
        return
    LOG.warning("readings stale (%s)", "missing" if age is None else f"{age:.0f}s")
    if recent_restarts(state) >= cfg["max_restarts_per_hour"]:
        LOG.error("restart limit reached this hour, leaving it for a human")
        return
    for unit in cfg["services"]:
        if dry_run:
            LOG.info("would run: %s", " ".join(_service_cmd("restart", unit)))
            continue
        if restart_service(unit):
            state["restarts"].append(time.time())
        time.sleep(3)
        LOG.info("%s active: %s", unit, service_active(unit))


def main():
    parser = argparse.ArgumentParser(description="Weather station watchdog")
    parser.add_argument("--interval", type=int, default=0)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    state = load_state()
    while True:
        check_once(WATCH, state, args.dry_run)
        save_state(state)
        if not args.interval:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
