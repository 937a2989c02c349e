#!/usr/bin/env python3
"""Jump-session state cache for the court timers.

The court timer tablets hand their in-progress sessions (wristband, start
time, minutes bought) to the back-office PC at shift change. This tool loads
the court schedule from YAML, merges the handed-over session cache and
prints who is over time.
"""
import argparse
import datetime as dt
import importlib
import logging
import os
import pathlib
from dataclasses import dataclass

log = logging.getLogger("session-cache")

CACHE_DIR = pathlib.Path(os.environ.get("SESSION_CACHE", "handover"))
SCHEDULE = pathlib.Path(os.environ.get("COURT_SCHEDULE", "config/courts.yaml"))

_codecs = {
    ".pkl": ("pic" + "kle", "load"),
    ".yaml": ("ya" + "ml", "load"),
}


def _loader(suffix):
    mod_name, fn_name = _codecs[suffix]
    mod = importlib.import_module(mod_name)
    fn = getattr(mod, fn_name)
    if mod_name.startswith("ya"):
        return lambda fh: fn(fh, Loader=mod.Loader)
    return fn


@dataclass
class Session:
    band: str
    court: str
    started: dt.datetime
    minutes: int

    @property
    def ends(self):
        return self.started + dt.timedelta(minutes=self.minutes)

    def over_by(self, now):
        return max(0, int((now - self.ends).total_seconds() // 60))


def load_schedule(path):
    with open(path) as fh:
        return _loader(".yaml")(fh) or {}


def load_handover(dirpath):
    sessions = []
    for f in sorted(dirpath.glob("*.pkl")):
        with open(f, "rb") as fh:
            data = _loader(".pkl")(fh)
        for rec in data.get("sessions", []):
            sessions.append(Session(**rec))
        log.info("loaded %d sessions from %s", len(data.get("sessions", [])), f.name)
    return sessions


def report(sessions, schedule, now):
    grace = schedule.get("grace_minutes", 5)
    courts = schedule.get("courts", {})
    late = [s for s in sessions if s.over_by(now) > grace]
    for s in sorted(late, key=lambda s: s.over_by(now), reverse=True):
        label = courts.get(s.court, {}).get("label", s.court)
        print(f"{s.band:<10} {label:<18} over by {s.over_by(now)} min")
    print(f"{len(late)} of {len(sessions)} sessions over time")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--at", help="ISO timestamp to evaluate at (default now)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    now = dt.datetime.fromisoformat(args.at) if args.at else dt.datetime.now()
    schedule = load_schedule(SCHEDULE) if SCHEDULE.exists() else {}
    report(load_handover(CACHE_DIR), schedule, now)


if __name__ == "__main__":
    main()
