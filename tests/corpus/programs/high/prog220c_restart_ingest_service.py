#!/usr/bin/env python3
"""Restart the observation ingest service when it stops keeping up.

The obs ingest daemon (nwp-obs-ingest.service) writes a status file after
every batch it decodes. If that file goes stale for longer than the allowed
lag, the assimilation cut-off for the next model cycle is at risk. This
watchdog checks the status file and restarts the unit through systemd,
with a cap on restarts per hour so a crash loop is escalated, not hidden.

Usage:
    prog220c_restart_ingest_service.py [--unit UNIT] [--status FILE] [--max-lag MIN]
"""

import argparse
import json
import logging
import subprocess
import sys
import time
from pathlib import Path

DEFAULT_UNIT = "nwp-obs-ingest.service"
DEFAULT_STATUS = "/data/obs/ingest/status.json"
HISTORY_FILE = "restart_history.json"

log = logging.getLogger("ingest_watchdog")


class RestartHistory:
    """Restart timestamps kept in the working directory."""

    def __init__(self, path):
        self.path = Path(path)
        self.stamps = []
        if self.path.exists():
            try:
                self.stamps = json.loads(self.path.read_text())
            except json.JSONDecodeError:
                log.warning("restart history unreadable, starting fresh")

    def recent(self, window=3600):
        cutoff = time.time() - window
        return [s for s in self.stamps if s >= cutoff]

    def add(self):
        self.stamps = self.recent(24 * 3600) + [time.time()]
        self.path.write_text(json.dumps(self.stamps))


def ingest_lag_minutes(status_path):
    try:
        status = json.loads(Path(status_path).read_text())
        last = float(status["last_batch_epoch"])
    except FileNotFoundError:
        log.error("status file %s missing", status_path)
        return None
    except (KeyError, ValueError, json.JSONDecodeError) as exc:
        log.error("status file %s unreadable: %s", status_path, exc)
        return None
    return (time.time() - last) / 60.0


def systemctl(*args, check=True):
    cmd = ["sudo", "-n", "systemctl", *args]
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, capture_output=True, text=True, check=check, timeout=60)


def unit_state(unit):
    res = systemctl("is-active", unit, check=False)
    return res.stdout.strip() or "unknown"


def restart(unit):
    systemctl("restart", unit)
    for _ in range(12):
        time.sleep(5)
        state = unit_state(unit)
        if state == "active":
            return True
        log.debug("unit %s is %s, waiting", unit, state)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--unit", default=DEFAULT_UNIT)
    ap.add_argument("--status", default=DEFAULT_STATUS)
    ap.add_argument("--max-lag", type=float, default=15.0, help="minutes")
    ap.add_argument("--max-restarts", type=int, default=3, help="per hour")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    state = unit_state(args.unit)
    lag = ingest_lag_minutes(args.status)
    log.info("unit %s is %s, ingest lag %s min", args.unit, state,
             "unknown" if lag is None else f"{lag:.1f}")

    if state == "active" and lag is not None and lag <= args.max_lag:
        return 0

    history = RestartHistory(HISTORY_FILE)
    if len(history.recent()) >= args.max_restarts:
        log.critical("%s restarted %d times in the last hour; escalate to on-call",
                     args.unit, len(history.recent()))
        return 2

    if args.dry_run:
        log.info("dry-run: would restart %s", args.unit)
        return 0

    try:
        ok = restart(args.unit)
    except subprocess.CalledProcessError as exc:
        log.error("systemctl restart failed: %s", exc.stderr.strip())
        return 1
    except subprocess.TimeoutExpired:
        log.error("systemctl restart timed out")
        return 1
    history.add()
    if ok:
        log.info("%s restarted and active", args.unit)
        return 0
    log.error("%s did not become active after restart", args.unit)
    return 1


if __name__ == "__main__":
    sys.exit(main())
