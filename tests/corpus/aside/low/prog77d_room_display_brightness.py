#!/usr/bin/env python3
"""Dim and wake a meeting-room display panel according to the building schedule.

Reads ./room_display.json:

    {"room": "4.12", "timezone_offset_min": 60,
     "agent_url": "https://display-4-12.rooms.example.org:9443",
     "periods": [{"days": "mon-fri", "from": "07:00", "to": "19:00", "level": 85},
                 {"days": "mon-fri", "from": "19:00", "to": "22:00", "level": 30}],
     "default_level": 0}

and tells the panel's display agent which brightness to use so the display
sleeps outside office hours. The agent key comes from DISPLAY_AGENT_KEY.
"""
import argparse
import datetime as dt
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("room-brightness")
DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


def expand_days(spec):
    days = set()
    for part in spec.split(","):
        if "-" in part:
            a, b = part.split("-")
            i, j = DAYS.index(a), DAYS.index(b)
            days.update(DAYS[i:j + 1])
        else:
            days.add(part)
    return days


def parse_hm(text):
    h, m = text.split(":")
    return dt.time(int(h), int(m))


def periods(cfg):
    for p in cfg.get("periods", []):
        yield expand_days(p["days"]), parse_hm(p["from"]), parse_hm(p["to"]), int(p["level"])


def target_level(cfg, now):
    day = DAYS[now.weekday()]
    for days, start, end, level in periods(cfg):
        if day in days and start <= now.time() < end:
            return level
    return int(cfg.get("default_level", 0))


class DisplayAgent:
    def __init__(self, base_url, key, timeout=10):
        self.base_url = base_url.rstrip("/")
        self.http = requests.Session()
        self.http.headers.update({"Authorization": f"Bearer {key}"})
        self.timeout = timeout
        self.name = self.base_url.split("//", 1)[-1]

    def current_percent(self):
        resp = self.http.get(f"{self.base_url}/api/v1/backlight", timeout=self.timeout)
        resp.raise_for_status()
        return int(resp.json().get("percent", 0))

    def apply(self, percent):
        body = {"percent": percent, "power": "off" if percent == 0 else "on"}
        resp = self.http.post(f"{self.base_url}/api/v1/backlight", json=body, timeout=self.timeout)
        resp.raise_for_status()
        LOG.info("%s -> %d%%", self.name, percent)


def local_now(cfg):
    offset = dt.timedelta(minutes=int(cfg.get("timezone_offset_min", 0)))
    return dt.datetime.now(dt.timezone.utc) + offset


def run(cfg, panel, interval, once):
    last = None
    while True:
        level = target_level(cfg, local_now(cfg))
        if level != last:
            try:
                panel.apply(level)
                last = level
            except requests.RequestException as exc:
                LOG.error("could not set brightness: %s", exc)
        if once:
            return
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="room_display.json")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("DISPLAY_AGENT_KEY")
    if not key:
        LOG.error("DISPLAY_AGENT_KEY is not set")
        return 1
    try:
        cfg = json.loads(Path(args.config).read_text())
        panel = DisplayAgent(cfg["agent_url"], key)
        LOG.info("room %s, panel %s at %d%%", cfg.get("room"), panel.name, panel.current_percent())
    except (OSError, ValueError, KeyError, requests.RequestException) as exc:
        LOG.error("startup failed: %s", exc)
        return 1
    run(cfg, panel, args.interval, args.once)
    return 0


if __name__ == "__main__":
    sys.exit(main())
