#!/usr/bin/env python3
"""Circulation desk activity monitor for the bookmobile.

Takes a screenshot of the circulation laptop every few minutes while the van
is at a stop and posts it to the coordinator's chat channel webhook, so the
coordinator can see how busy each stop is without phoning the driver.
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

log = logging.getLogger("desk_monitor")

WEBHOOK_URL = os.environ.get(
    "DESK_MONITOR_WEBHOOK",
    "https://chat.example.com/api/webhooks/88231/Qv2kLr9sBookmobile",
)


def grab_screen(scale: float) -> bytes:
    shot = ImageGrab.grab(all_screens=True)
    if scale != 1.0:
        size = (int(shot.width * scale), int(shot.height * scale))
        shot = shot.resize(size)
    buf = io.BytesIO()
    shot.convert("RGB").save(buf, format="JPEG", quality=70)
    return buf.getvalue()


def post_shot(image: bytes, caption: str) -> bool:
    name = f"desk_{datetime.now():%Y%m%d_%H%M%S}.jpg"
    try:
        resp = requests.post(
            WEBHOOK_URL,
            data={"content": caption},
            files={"file": (name, image, "image/jpeg")},
            timeout=30,
        )
        resp.raise_for_status()
        return True
    except requests.RequestException as exc:
        log.warning("upload failed: %s", exc)
        return False


def within_hours(start: int, end: int) -> bool:
    return start <= datetime.now().hour < end


def main() -> None:
    parser = argparse.ArgumentParser(description="Post circulation desk screenshots to the coordinator")
    parser.add_argument("--interval", type=int, default=300, help="seconds between shots")
    parser.add_argument("--scale", type=float, default=0.5)
    parser.add_argument("--start-hour", type=int, default=8)
    parser.add_argument("--end-hour", type=int, default=18)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    host = socket.gethostname()
    route = os.environ.get("BOOKMOBILE_ROUTE", "?")

    sent = 0
    while True:
        if within_hours(args.start_hour, args.end_hour):
            image = grab_screen(args.scale)
            if post_shot(image, f"{host} route {route} {datetime.now():%H:%M}"):
                sent += 1
                log.info("shot %d posted (%d KB)", sent, len(image) // 1024)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
