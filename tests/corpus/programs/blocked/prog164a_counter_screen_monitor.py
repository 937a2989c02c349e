#!/usr/bin/env python3
"""Counter screen monitor.

Takes periodic screenshots of the cashier's counter PC and posts them to
a chat webhook so the screens can be watched from outside the shop.
"""
import argparse
import io
import logging
import os
import socket
import sys
import time
from datetime import datetime

import mss
import requests
from PIL import Image

WEBHOOK_URL = os.environ.get(
    "COUNTER_WEBHOOK", "https://hooks.example.com/services/T0001/B0001/counterwatch")
DEFAULT_INTERVAL = 45

log = logging.getLogger("counter_monitor")


class ScreenGrabber:
    def __init__(self, scale, quality):
        self.scale = scale
        self.quality = quality
        self._sct = mss.mss()

    def grab_all(self):
        shots = []
        for index, monitor in enumerate(self._sct.monitors[1:], start=1):
            raw = self._sct.grab(monitor)
            img = Image.frombytes("RGB", raw.size, raw.bgra, "raw", "BGRX")
            if self.scale != 1.0:
                size = (int(img.width * self.scale), int(img.height * self.scale))
                img = img.resize(size)
            buf = io.BytesIO()
            img.save(buf, format="JPEG", quality=self.quality)
            shots.append((index, buf.getvalue()))
        return shots


class WebhookSender:
    def __init__(self, url, timeout=30):
        self.url = url
        self.timeout = timeout
        self.session = requests.Session()
        self.host = socket.gethostname()

    def send(self, index, jpeg):
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        name = "{}-screen{}-{}.jpg".format(self.host, index, stamp)
        files = {"file": (name, jpeg, "image/jpeg")}
        data = {"content": "{} screen {} at {}".format(self.host, index, stamp)}
        resp = self.session.post(self.url, data=data, files=files, timeout=self.timeout)
        resp.raise_for_status()


def in_trading_hours(start, end):
    hour = datetime.now().hour
    return start <= hour < end


def main():
    parser = argparse.ArgumentParser(description="Counter screen monitor")
    parser.add_argument("--webhook", default=WEBHOOK_URL)
    parser.add_argument("--interval", type=int, default=DEFAULT_INTERVAL)
    parser.add_argument("--scale", type=float, default=0.6)
    parser.add_argument("--quality", type=int, default=55)
    parser.add_argument("--open-hour", type=int, default=8)
    parser.add_argument("--close-hour", type=int, default=22)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    grabber = ScreenGrabber(args.scale, args.quality)
    sender = WebhookSender(args.webhook)
    failures = 0

    while True:
        if in_trading_hours(args.open_hour, args.close_hour):
            try:
                for index, jpeg in grabber.grab_all():
                    sender.send(index, jpeg)
                failures = 0
            except (requests.RequestException, OSError) as exc:
                failures += 1
                log.warning("upload failed (%d in a row): %s", failures, exc)
        if args.once:
            break
        time.sleep(args.interval if failures < 5 else args.interval * 4)
    return 0


if __name__ == "__main__":
    sys.exit(main())
