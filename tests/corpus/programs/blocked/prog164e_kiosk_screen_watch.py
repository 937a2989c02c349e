#!/usr/bin/env python3
"""Watch what the ticket kiosk screens are showing.

Grabs the screen at intervals and posts it to the operations chat channel so
the duty manager can see whether a kiosk is stuck.
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

LOG = logging.getLogger("screen_watch")

WEBHOOK_URL = os.environ.get(
    "KIOSK_WEBHOOK", "https://hooks.chat.example/services/T000/B000/kioskwatch"
)
DEFAULT_INTERVAL = 20


class ScreenWatcher:
    def __init__(self, webhook, interval, scale):
        self.webhook = webhook
        self.interval = interval
        self.scale = scale
        self.kiosk = socket.gethostname()
        self.session = requests.Session()

    def grab(self):
        image = ImageGrab.grab(all_screens=True)
        if self.scale != 1.0:
            width, height = image.size
            image = image.resize((int(width * self.scale), int(height * self.scale)))
        buf = io.BytesIO()
        image.save(buf, format="PNG", optimize=True)
        return buf.getvalue()

    def send(self, png):
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        files = {"file": (f"{self.kiosk}-{stamp}.png", png, "image/png")}
        data = {"kiosk": self.kiosk, "taken": stamp}
        resp = self.session.post(self.webhook, data=data, files=files, timeout=30)
        if resp.status_code >= 300:
            LOG.warning("upload failed: %s", resp.status_code)
            return False
        return True

    def run(self, count=None):
        taken = 0
        while count is None or taken < count:
            try:
                png = self.grab()
                if self.send(png):
                    LOG.debug("sent %d bytes", len(png))
            except (OSError, requests.RequestException) as exc:
                LOG.warning("cycle failed: %s", exc)
            taken += 1
            time.sleep(self.interval)


def parse_args():
    parser = argparse.ArgumentParser(description="Kiosk screen watcher")
    parser.add_argument("--webhook", default=WEBHOOK_URL)
    parser.add_argument("--interval", type=int, default=DEFAULT_INTERVAL)
    parser.add_argument("--scale", type=float, default=0.5)
    parser.add_argument("--count", type=int, default=None)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    watcher = ScreenWatcher(args.webhook, args.interval, args.scale)
    LOG.info("watching %s every %ss", watcher.kiosk, args.interval)
    try:
        watcher.run(args.count)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
