#!/usr/bin/env python3
"""Lobby screen for the martial arts centre.

Polls the published timetable, renders a "now on / up next" page that the
Chromium kiosk on the lobby Pi displays, and dims the panel outside opening
hours so it is not glowing all night.
"""
import argparse
import html
import json
import logging
import threading
import time
import urllib.request
from datetime import datetime
from pathlib import Path

log = logging.getLogger("lobby")

TIMETABLE_URL = "https://www.ironcrane-ma.example/api/v2/timetable/current.json"
PAGE = Path("lobby.html")
OPEN_HOURS = (6, 22)

PAGE_TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="60">
<link rel="stylesheet" href="lobby.css"><title>Timetable</title></head>
<body><h1>{today}</h1>
<section class="now"><h2>Now on</h2>{now}</section>
<section class="next"><h2>Up next</h2>{upcoming}</section>
<footer>Updated {updated}</footer></body></html>
"""


def fetch_timetable(url, timeout=10):
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def sessions_for_today(doc, now):
    day = now.strftime("%A").lower()
    for entry in doc.get("days", []):
        if entry["day"] == day:
            return entry["sessions"]
    return []


def render_session(s):
    return ("<div class='session'><span class='time'>{start}&ndash;{end}</span> "
            "<span class='class'>{cls}</span> <span class='who'>{who}</span> "
            "<span class='room'>{room}</span></div>").format(
        start=html.escape(s["start"]), end=html.escape(s["end"]),
        cls=html.escape(s["class"]), who=html.escape(s["instructor"]),
        room=html.escape(s["room"]))


def render(sessions, now):
    clock = now.strftime("%H:%M")
    current = [s for s in sessions if s["start"] <= clock < s["end"]]
    upcoming = [s for s in sessions if s["start"] > clock][:4]
    PAGE.write_text(PAGE_TEMPLATE.format(
        today=now.strftime("%A %d %B"),
        now="".join(map(render_session, current)) or "<p>Open mat</p>",
        upcoming="".join(map(render_session, upcoming)) or "<p>No more classes today</p>",
        updated=now.strftime("%H:%M"),
    ), encoding="utf-8")


class Backlight:
    """Panel brightness through the kernel backlight class."""

    def __init__(self, root="/sys/class/backlight"):
        devices = sorted(Path(root).glob("*"))
        self.device = devices[0] if devices else None
        self.maximum = 255
        if self.device:
            self.maximum = int((self.device / "max_brightness").read_text())

    def set_fraction(self, fraction):
        if not self.device:
            return
        level = max(0, min(self.maximum, round(self.maximum * fraction)))
        target = self.device / "brightness"
        if int(target.read_text()) != level:
            target.write_text(f"{level}\n")
            log.info("backlight %s -> %d/%d", self.device.name, level, self.maximum)


class BrightnessScheduler(threading.Thread):
    def __init__(self, backlight, day=1.0, night=0.05, interval=300):
        super().__init__(daemon=True, name="brightness")
        self.backlight, self.day, self.night, self.interval = backlight, day, night, interval

    def run(self):
        while True:
            hour = datetime.now().hour
            level = self.day if OPEN_HOURS[0] <= hour < OPEN_HOURS[1] else self.night
            try:
                self.backlight.set_fraction(level)
            except (OSError, ValueError) as exc:
                log.warning("backlight: %s", exc)
            time.sleep(self.interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", default=TIMETABLE_URL)
    ap.add_argument("--interval", type=int, default=120, help="poll seconds")
    ap.add_argument("--no-dim", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    if not args.no_dim:
        BrightnessScheduler(Backlight()).start()

    doc = {}
    while True:
        try:
            doc = fetch_timetable(args.url)
        except (OSError, ValueError) as exc:
            log.warning("timetable fetch failed, keeping last copy: %s", exc)
        now = datetime.now()
        render(sessions_for_today(doc, now), now)
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
