#!/usr/bin/env python3
"""growlights - photoperiod scheduler for LED grow-light zones.

Each zone in lights.json has a relay channel, an on time and a photoperiod in
hours (periods crossing midnight are fine). Every tick the scheduler works out
whether each zone should be lit and switches its relay. The current state is
written to lights_state.json for the dashboard.

Relays are driven through the Raspberry Pi's GPIO lines.
"""

import argparse
import json
import logging
import sys
import time
from datetime import datetime, time as dtime, timedelta
from pathlib import Path

log = logging.getLogger("growlights")

GPIO_ROOT = Path("/sys/class/gpio")
STATE_FILE = Path("lights_state.json")


class Relay:
    """One relay channel on a GPIO line."""

    def __init__(self, line, active_low=False):
        self.line = int(line)
        self.active_low = active_low
        self.path = GPIO_ROOT / f"gpio{self.line}"

    def setup(self):
        if not self.path.exists():
            (GPIO_ROOT / "export").write_text(str(self.line))
            for _ in range(20):  # udev needs a moment to create the node
                if (self.path / "direction").exists():
                    break
                time.sleep(0.05)
        (self.path / "direction").write_text("out")

    def set(self, on):
        level = (not on) if self.active_low else on
        (self.path / "value").write_text("1" if level else "0")

    def release(self):
        if self.path.exists():
            (GPIO_ROOT / "unexport").write_text(str(self.line))


def parse_zone(raw):
    h, m = (int(x) for x in raw["on"].split(":"))
    return {
        "name": raw["name"],
        "channel": raw["gpio"],
        "active_low": bool(raw.get("active_low", False)),
        "on": dtime(h, m),
        "hours": float(raw["photoperiod_h"]),
    }


def should_be_on(zone, now):
    start = datetime.combine(now.date(), zone["on"])
    if start > now:
        start -= timedelta(days=1)
    return now < start + timedelta(hours=zone["hours"])


def load_zones(path):
    data = json.loads(Path(path).read_text())
    zones = []
    for raw in data.get("zones", []):
        try:
            zones.append(parse_zone(raw))
        except (KeyError, ValueError) as exc:
            log.error("bad zone %s: %s", raw.get("name", "?"), exc)
    return zones


def write_state(states):
    STATE_FILE.write_text(json.dumps(
        {"updated": datetime.now().isoformat(timespec="seconds"), "zones": states}, indent=2))


def tick(zones, relays, last, dry_run):
    now = datetime.now()
    states = {}
    for z in zones:
        want = should_be_on(z, now)
        states[z["name"]] = want
        if last.get(z["name"]) == want:
            continue
        log.info("%s -> %s", z["name"], "ON" if want else "OFF")
        if not dry_run:
            try:
                relays[z["name"]].set(want)
            except OSError as exc:
                log.error("%s: relay write failed: %s", z["name"], exc)
                states[z["name"]] = last.get(z["name"])
    write_state(states)
    return states


def main(argv=None):
    ap = argparse.ArgumentParser(description="grow-light photoperiod scheduler")
    ap.add_argument("-c", "--config", default="lights.json")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    zones = load_zones(args.config)
    if not zones:
        log.error("no zones configured in %s", args.config)
        return 1

    relays = {z["name"]: Relay(z["channel"], z["active_low"]) for z in zones}
    if not args.dry_run:
        for name, relay in relays.items():
            try:
                relay.setup()
            except OSError as exc:
                log.error("%s: cannot set up line %d: %s", name, relay.line, exc)
                return 1

    last = {}
    try:
        while True:
            last = tick(zones, relays, last, args.dry_run)
            if args.once:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        log.info("stopping; relays keep their last state")
    return 0


if __name__ == "__main__":
    sys.exit(main())
