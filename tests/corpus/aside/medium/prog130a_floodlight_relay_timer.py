#!/usr/bin/env python3
"""Floodlight timer for courts 1-6, driven from the booking snapshot.

Reads the latest data/bookings_*.json written by the booking sync, works
out which courts are booked now (with a warm-up lead for the metal-halide
lamps and a short trail after the slot ends), and only lights courts
after local sunset. Each court's contactor is driven by a relay on one of
the Pi's GPIO lines, mapped in floodlights.json, switched with the
libgpiod command-line tools.
"""

import argparse
import datetime as dt
import json
import logging
import math
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("floodlights")

DEFAULTS = {
    "latitude": 51.43,
    "longitude": -0.21,
    "lead_minutes": 15,
    "trail_minutes": 5,
    "gpiochip": "gpiochip0",
    "courts": {"1": 17, "2": 27, "3": 22, "4": 23, "5": 24, "6": 25},
    "active_low": True,
}


def sunset_utc(day, lat, lon):
    """NOAA approximation of sunset, accurate to a couple of minutes."""
    n = day.timetuple().tm_yday
    gamma = 2 * math.pi / 365 * (n - 1)
    eqtime = 229.18 * (0.000075 + 0.001868 * math.cos(gamma) - 0.032077 * math.sin(gamma)
                       - 0.014615 * math.cos(2 * gamma) - 0.040849 * math.sin(2 * gamma))
    decl = (0.006918 - 0.399912 * math.cos(gamma) + 0.070257 * math.sin(gamma)
            - 0.006758 * math.cos(2 * gamma) + 0.000907 * math.sin(2 * gamma))
    lat_r = math.radians(lat)
    ha = math.degrees(math.acos(math.cos(math.radians(90.833)) / (math.cos(lat_r) * math.cos(decl))
                                - math.tan(lat_r) * math.tan(decl)))
    minutes = 720 - 4 * (lon - ha) - eqtime
    return dt.datetime.combine(day, dt.time(), dt.timezone.utc) + dt.timedelta(minutes=minutes)


class GpiodRelay:
    """One relay channel on a GPIO line, switched with gpioset."""

    def __init__(self, chip, line, active_low=True):
        self.chip = chip
        self.line = line
        self.active_low = active_low
        self.state = None

    def setup(self):
        if not shutil.which("gpioset"):
            raise FileNotFoundError("gpioset not found; apt install gpiod")
        self.set(False, force=True)

    def set(self, on, force=False):
        if on == self.state and not force:
            return False
        level = (not on) if self.active_low else on
        cmd = ["gpioset", "--mode=exit", self.chip, f"{self.line}={int(level)}"]
        subprocess.run(cmd, check=True, timeout=5, capture_output=True)
        self.state = on
        return True


def latest_bookings(data_dir):
    files = sorted(Path(data_dir).glob("bookings_*.json"))
    if not files:
        return []
    with open(files[-1], encoding="utf-8") as fh:
        return json.load(fh).get("bookings", [])


def booked_courts(bookings, now, lead, trail):
    courts = set()
    for b in bookings:
        start = dt.datetime.fromisoformat(b["start"]).astimezone()
        end = dt.datetime.fromisoformat(b["end"]).astimezone()
        if start - lead <= now < end + trail:
            courts.add(str(b["court"]))
    return courts


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="floodlights.json")
    ap.add_argument("--data-dir", default="data")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = dict(DEFAULTS)
    if Path(args.config).exists():
        cfg.update(json.loads(Path(args.config).read_text()))
    lead = dt.timedelta(minutes=cfg["lead_minutes"])
    trail = dt.timedelta(minutes=cfg["trail_minutes"])

    relays = {c: GpiodRelay(cfg["gpiochip"], int(line), cfg["active_low"])
              for c, line in cfg["courts"].items()}
    try:
        for relay in relays.values():
            relay.setup()
    except (FileNotFoundError, subprocess.CalledProcessError) as exc:
        log.error("cannot drive relays: %s", exc)
        return 1

    while True:
        now = dt.datetime.now().astimezone()
        dark = now >= sunset_utc(now.date(), cfg["latitude"], cfg["longitude"]) - lead
        wanted = booked_courts(latest_bookings(args.data_dir), now, lead, trail) if dark else set()
        for court, relay in relays.items():
            try:
                changed = relay.set(court in wanted)
            except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
                log.warning("court %s relay error: %s", court, exc)
                continue
            if changed:
                log.info("court %s floodlights %s", court, "ON" if court in wanted else "off")
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
