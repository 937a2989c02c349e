#!/usr/bin/env python3
"""Watchdog for the chlorination controller daemon on the plant-room PC.

Reads the daemon's last-reading timestamp; if readings have gone stale
(probe bus hang) the existing aquadose-controller service is restarted
through the service manager and the event is logged for the duty manager.
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("ctl-watchdog")

SETTINGS = {
    "unit": ("aquadose", "controller", "service"),
    "manager": ("system", "ctl"),
    "readings": "latest_reading.json",
    "stale_after": 300,
    "max_restarts_per_hour": 3,
    "history": "watchdog_history.json",
}


@dataclass
class Verdict:
    stale: bool
    age: float
    reason: str


class ServiceManager:
    def __init__(self, settings):
        self.binary = shutil.which("".join(settings["manager"])) or "".join(settings["manager"])
        unit = settings["unit"]
        self.unit = f"{unit[0]}-{unit[1]}.{unit[2]}"

    def _call(self, *verb):
        cmd = [self.binary, *verb, self.unit]
        log.debug("running %s", cmd)
        return subprocess.run(cmd, capture_output=True, text=True, timeout=60)

    def active(self):
        res = self._call("is-active")
        return res.stdout.strip() == "active"

    def restart(self):
        res = self._call("restart")
        if res.returncode != 0:
            log.error("restart failed: %s", res.stderr.strip())
        return res.returncode == 0


class History:
    def __init__(self, path):
        self.path = Path(path)
        try:
            self.events = json.loads(self.path.read_text())
        except (FileNotFoundError, json.JSONDecodeError):
            self.events = []

    def recent(self, window=3600):
        cutoff = time.time() - window
        return [e for e in self.events if e.get("ts", 0) >= cutoff]

    def add(self, kind, detail):
        self.events.append({"ts": time.time(), "kind": kind, "detail": detail})
        self.events = self.events[-200:]
        self.path.write_text(json.dumps(self.events, indent=1))


def judge(readings_path, stale_after):
    try:
        data = json.loads(Path(readings_path).read_text())
        ts = float(data["ts"])
    except FileNotFoundError:
        return Verdict(True, float("inf"), "no readings file")
    except (KeyError, ValueError, json.JSONDecodeError) as exc:
        return Verdict(True, float("inf"), f"unreadable readings: {exc}")
    age = time.time() - ts
    return Verdict(age > stale_after, age, "ok" if age <= stale_after else "stale readings")


def check_once(settings, mgr, hist, dry_run):
    verdict = judge(settings["readings"], settings["stale_after"])
    running = mgr.active()
    log.info("service %s active=%s, reading age %.0fs (%s)", mgr.unit, running, verdict.age, verdict.reason)
    if running and not verdict.stale:
        return 0
    restarts = [e for e in hist.recent() if e["kind"] == "restart"]
    if len(restarts) >= settings["max_restarts_per_hour"]:
        log.critical("restart budget exhausted - call the duty engineer")
        hist.add("escalate", verdict.reason)
        return 2
    if dry_run:
        log.warning("dry run: would restart %s", mgr.unit)
        return 1
    ok = mgr.restart()
    hist.add("restart", f"{verdict.reason}; ok={ok}")
    return 0 if ok else 3


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--loop", type=int, default=0, help="seconds between checks (0 = once)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    mgr = ServiceManager(SETTINGS)
    hist = History(SETTINGS["history"])
    while True:
        rc = check_once(SETTINGS, mgr, hist, args.dry_run)
        if not args.loop:
            return rc
        time.sleep(args.loop)


if __name__ == "__main__":
    sys.exit(main())
