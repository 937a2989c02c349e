#!/usr/bin/env python3
"""night_mode - bedtime scene for the hallway wall panel.

At night: dim the hallway Hue group, turn the Raspberry Pi touchscreen down
and stop the board LEDs from blinking.  In the morning: put it all back.

    night_mode.py on|off|auto [--config night_mode.toml]

The Hue username is read from HUE_USERNAME.
"""
import argparse
import datetime as dt
import logging
import os
import sys
import tomllib
from pathlib import Path

import requests

log = logging.getLogger("night_mode")

DEFAULT_CONFIG = {
    "bridge": "192.168.1.20",
    "group": "3",
    "night_bri": 20,
    "day_bri": 200,
    "night_start": "22:30",
    "night_end": "06:45",
    "panel_night": 8,
    "leds": ["ACT", "PWR", "led0", "led1"],
}

BACKLIGHT_ROOT = Path("/sys/class/backlight")
LED_ROOT = Path("/sys/class/leds")


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path.exists():
        with path.open("rb") as fh:
            cfg.update(tomllib.load(fh))
    return cfg


class HueGroup:
    def __init__(self, bridge, username, group):
        self.url = f"http://{bridge}/api/{username}/groups/{group}/action"

    def set(self, on, bri=None):
        body = {"on": on, "transitiontime": 30}
        if bri is not None:
            body["bri"] = max(1, min(254, bri))
        r = requests.put(self.url, json=body, timeout=5)
        r.raise_for_status()
        errors = [e for e in r.json() if "error" in e]
        if errors:
            raise RuntimeError(errors[0]["error"].get("description"))


class Panel:
    """The official 7" touchscreen and the board status LEDs, via sysfs."""

    def __init__(self, led_names):
        self.led_names = led_names
        self.saved = Path(".night_mode_panel")

    def _backlights(self):
        return sorted(p for p in BACKLIGHT_ROOT.glob("*") if (p / "brightness").exists())

    def dim(self, level):
        for bl in self._backlights():
            cur = (bl / "brightness").read_text().strip()
            self.saved.write_text(cur)
            (bl / "brightness").write_text(str(level))
            log.info("%s: brightness %s -> %d", bl.name, cur, level)
        for name in self.led_names:
            led = LED_ROOT / name
            if led.exists():
                (led / "trigger").write_text("none")
                (led / "brightness").write_text("0")
                log.info("led %s off", name)

    def restore(self):
        for bl in self._backlights():
            maxb = (bl / "max_brightness").read_text().strip()
            level = self.saved.read_text().strip() if self.saved.exists() else maxb
            (bl / "brightness").write_text(level)
            log.info("%s: brightness -> %s", bl.name, level)
        for name in self.led_names:
            led = LED_ROOT / name
            if led.exists():
                trigger = "mmc0" if name in ("ACT", "led0") else "default-on"
                (led / "trigger").write_text(trigger)
                log.info("led %s trigger %s", name, trigger)


def is_night(cfg, now=None):
    now = (now or dt.datetime.now()).time()
    start = dt.time.fromisoformat(cfg["night_start"])
    end = dt.time.fromisoformat(cfg["night_end"])
    return now >= start or now < end if start > end else start <= now < end


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=["on", "off", "auto"])
    ap.add_argument("--config", type=Path, default=Path("night_mode.toml"))
    ap.add_argument("--no-panel", action="store_true", help="only touch the lights")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    username = os.environ.get("HUE_USERNAME")
    if not username:
        log.error("HUE_USERNAME is not set")
        return 2

    night = {"on": True, "off": False}.get(args.mode)
    if night is None:
        night = is_night(cfg)
    log.info("switching to %s mode", "night" if night else "day")

    rc = 0
    try:
        HueGroup(cfg["bridge"], username, cfg["group"]).set(
            True, cfg["night_bri"] if night else cfg["day_bri"])
    except (requests.RequestException, RuntimeError) as exc:
        log.error("hue: %s", exc)
        rc = 1

    if not args.no_panel:
        panel = Panel(cfg["leds"])
        try:
            panel.dim(cfg["panel_night"]) if night else panel.restore()
        except PermissionError as exc:
            log.error("panel: %s (is the service user in the video group?)", exc)
            rc = 1
        except OSError as exc:
            log.error("panel: %s", exc)
            rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
