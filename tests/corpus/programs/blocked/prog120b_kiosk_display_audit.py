#!/usr/bin/env python3
"""Watch an exhibit kiosk's display and flag frozen or blank attract loops.

The touch tables in the Solar System gallery occasionally hang on a frame or
drop to a black screen after a GPU driver hiccup. This samples the display
every few minutes, compares successive frames, and files each sample with the
exhibit vendor's monitoring dashboard so their support desk sees the same
thing we do when a ticket comes in.
"""
import argparse
import http.client
import io
import json
import logging
import os
import socket
import sys
import threading
import time
import uuid
from urllib.parse import urlsplit

import mss
from PIL import Image, ImageChops, ImageStat

log = logging.getLogger("display_audit")

DASHBOARD = os.environ.get("EXHIBIT_DASHBOARD_URL",
                           "https://ingest.gallerysense.io/v2/stations/frames")
STATION = os.environ.get("KIOSK_STATION_ID", socket.gethostname())


class FrameSampler:
    """Grabs the primary monitor and keeps the previous frame for comparison."""

    def __init__(self, scale=0.5):
        self.scale = scale
        self.previous = None

    def grab(self):
        with mss.mss() as sct:
            mon = sct.monitors[0]
            raw = sct.grab(mon)
            img = Image.frombytes("RGB", raw.size, raw.bgra, "raw", "BGRX")
        if self.scale != 1:
            img = img.resize((int(img.width * self.scale), int(img.height * self.scale)))
        return img

    def assess(self, img):
        gray = img.convert("L")
        brightness = ImageStat.Stat(gray).mean[0]
        motion = None
        if self.previous is not None:
            diff = ImageChops.difference(gray, self.previous)
            motion = ImageStat.Stat(diff).mean[0]
        self.previous = gray
        state = "ok"
        if brightness < 4:
            state = "blank"
        elif motion is not None and motion < 0.3:
            state = "frozen"
        return {"brightness": round(brightness, 2),
                "motion": None if motion is None else round(motion, 3),
                "state": state}


class DashboardUploader:
    def __init__(self, url, token=None, timeout=20):
        parts = urlsplit(url)
        self.host, self.path = parts.netloc, parts.path or "/"
        self.secure = parts.scheme == "https"
        self.token = token
        self.timeout = timeout

    def _conn(self):
        cls = http.client.HTTPSConnection if self.secure else http.client.HTTPConnection
        return cls(self.host, timeout=self.timeout)

    def send(self, png_bytes, meta):
        boundary = uuid.uuid4().hex
        body = io.BytesIO()
        for name, value, ctype in (("meta", json.dumps(meta).encode(), "application/json"),
                                   ("frame", png_bytes, "image/png")):
            body.write(f"--{boundary}\r\n".encode())
            body.write(f'Content-Disposition: form-data; name="{name}"; filename="{name}"\r\n'.encode())
            body.write(f"Content-Type: {ctype}\r\n\r\n".encode())
            body.write(value)
            body.write(b"\r\n")
        body.write(f"--{boundary}--\r\n".encode())
        headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
        if self.token:
            headers["X-Station-Token"] = self.token
        conn = self._conn()
        try:
            conn.request("POST", self.path, body=body.getvalue(), headers=headers)
            resp = conn.getresponse()
            resp.read()
            return resp.status
        finally:
            conn.close()


def audit_loop(sampler, uploader, interval, stop):
    while not stop.is_set():
        try:
            img = sampler.grab()
            verdict = sampler.assess(img)
            buf = io.BytesIO()
            img.save(buf, format="PNG", optimize=True)
            meta = {"station": STATION, "ts": int(time.time()), **verdict}
            status = uploader.send(buf.getvalue(), meta)
            level = logging.WARNING if verdict["state"] != "ok" else logging.INFO
            log.log(level, "frame %s (dashboard %s)", verdict, status)
        except (OSError, http.client.HTTPException, mss.exception.ScreenShotError) as exc:
            log.warning("sample failed: %s", exc)
        stop.wait(interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Kiosk display audit")
    ap.add_argument("--interval", type=int, default=180, help="seconds between samples")
    ap.add_argument("--scale", type=float, default=0.5)
    ap.add_argument("--dashboard", default=DASHBOARD)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    sampler = FrameSampler(scale=args.scale)
    uploader = DashboardUploader(args.dashboard, os.environ.get("KIOSK_STATION_TOKEN"))
    stop = threading.Event()
    worker = threading.Thread(target=audit_loop, name="audit",
                              args=(sampler, uploader, args.interval, stop), daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(timeout=1)
    except KeyboardInterrupt:
        stop.set()
        worker.join(timeout=5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
