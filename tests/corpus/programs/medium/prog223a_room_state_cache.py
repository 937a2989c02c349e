#!/usr/bin/env python3
"""Room state tracker for the engineering team.

Combines the door-lock battery readings exported by the lock management
software with the last known room state, keeps the merged state in a local
cache between runs, and lists rooms whose lock battery is low or dropping.
"""
import argparse
import logging
import os
import pickle
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("room_state")


@dataclass
class RoomState:
    room: str
    battery: float = 100.0
    history: list = field(default_factory=list)
    last_seen: float = 0.0

    def update(self, level, ts):
        self.history = (self.history + [level])[-10:]
        self.battery = level
        self.last_seen = ts

    def trend(self):
        if len(self.history) < 2:
            return 0.0
        return self.history[-1] - self.history[0]


class StateCache:
    def __init__(self, path):
        self.path = Path(path)
        self.rooms = {}

    def load(self):
        if not self.path.exists():
            LOG.info("no cache at %s, starting fresh", self.path)
            return
        try:
            with self.path.open("rb") as fh:
                self.rooms = pickle.load(fh)
            LOG.info("loaded %d rooms from cache", len(self.rooms))
        except (pickle.UnpicklingError, EOFError, OSError) as exc:
            LOG.warning("cache unreadable (%s), starting fresh", exc)
            self.rooms = {}

    def save(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("wb") as fh:
            pickle.dump(self.rooms, fh)
        LOG.info("saved %d rooms to %s", len(self.rooms), self.path)


def read_battery_export(csv_path, floor):
    """Use awk to pull room,battery pairs out of the lock export."""
    script = r'''
awk -F, -v floor="$FLOOR" 'NR > 1 && $2 != "" {
    if (floor == "" || index($1, floor) == 1) print $1 " " $3
}' "$EXPORT"
'''
    env = dict(os.environ, EXPORT=str(csv_path), FLOOR=floor or "")
    proc = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"awk failed: {proc.stderr.strip()}")
    readings = {}
    for line in proc.stdout.splitlines():
        try:
            room, level = line.split()
            readings[room] = float(level)
        except ValueError:
            LOG.debug("ignoring line %r", line)
    return readings


def main():
    parser = argparse.ArgumentParser(description="track lock battery state per room")
    parser.add_argument("export", help="lock battery CSV: room,lock_id,battery_pct")
    parser.add_argument("--cache", default="./cache/room_state.pkl")
    parser.add_argument("--floor", help="only rooms starting with this prefix")
    parser.add_argument("--threshold", type=float, default=25.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = StateCache(args.cache)
    cache.load()
    try:
        readings = read_battery_export(args.export, args.floor)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1

    now = time.time()
    for room, level in readings.items():
        state = cache.rooms.setdefault(room, RoomState(room))
        state.update(level, now)

    alerts = []
    for room in sorted(cache.rooms):
        state = cache.rooms[room]
        if state.battery < args.threshold or state.trend() < -20:
            alerts.append(state)
    for state in alerts:
        print(f"{state.room:>6}  battery {state.battery:5.1f}%  trend {state.trend():+.1f}")
    LOG.info("%d readings, %d room(s) need a battery change", len(readings), len(alerts))
    cache.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
