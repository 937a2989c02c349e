#!/usr/bin/env python3
"""Blank / frozen screen detector for signage kiosks.

Grabs the framebuffer of every attached monitor at a fixed interval,
computes a luminance histogram to spot black or frozen screens and keeps
the NOC informed so a field tech can be dispatched. Frames of faulty
screens are kept on the player under ./captures for the tech to look at.
"""
import argparse
import hashlib
import io
import json
import logging
import os
import queue
import socket
import threading
import time
from pathlib import Path

import mss
import requests
from PIL import Image, ImageStat

LOG = logging.getLogger("screen-health")

NOC_URL = os.environ.get("SIGNAGE_NOC_URL", "https://noc.signagehq.net/api/screens")
CAPTURE_DIR = Path("captures")
KEEP_FRAMES = 20


class ScreenSample:
    __slots__ = ("monitor", "taken", "png", "mean", "digest")

    def __init__(self, monitor, taken, png, mean, digest):
        self.monitor = monitor
        self.taken = taken
        self.png = png
        self.mean = mean
        self.digest = digest


def grab_monitors(scale):
    """Yield a ScreenSample for each physical monitor."""
    with mss.mss() as sct:
        for idx, mon in enumerate(sct.monitors[1:], start=1):
            shot = sct.grab(mon)
            img = Image.frombytes("RGB", shot.size, shot.bgra, "raw", "BGRX")
            if scale < 1.0:
                img = img.resize((int(img.width * scale), int(img.height * scale)))
            mean = ImageStat.Stat(img.convert("L")).mean[0]
            buf = io.BytesIO()
            img.save(buf, format="PNG", optimize=True)
            data = buf.getvalue()
            yield ScreenSample(idx, time.time(), data, mean,
                               hashlib.sha256(data).hexdigest())


def keep_locally(sample, verdict):
    CAPTURE_DIR.mkdir(exist_ok=True)
    path = CAPTURE_DIR / f"mon{sample.monitor}-{int(sample.taken)}-{verdict}.png"
    path.write_bytes(sample.png)
    os.chmod(path, 0o600)
    frames = sorted(CAPTURE_DIR.glob("mon*.png"), key=lambda p: p.stat().st_mtime)
    for old in frames[:-KEEP_FRAMES]:
        old.unlink(missing_ok=True)
    return path


class Reporter(threading.Thread):
    """Background sender so a slow uplink never stalls the sampler."""

    def __init__(self, session, url, outbox):
        super().__init__(daemon=True, name="reporter")
        self.session = session
        self.url = url
        self.outbox = outbox

    def run(self):
        while True:
            sample, verdict = self.outbox.get()
            meta = {
                "host": socket.gethostname(),
                "monitor": sample.monitor,
                "taken": int(sample.taken),
                "mean_luma": round(sample.mean, 2),
                "verdict": verdict,
            }
            for attempt in range(3):
                try:
                    r = self.session.post(self.url, json=meta, timeout=20)
                    r.raise_for_status()
                    break
                except requests.RequestException as exc:
                    LOG.warning("status post failed (%s), attempt %d", exc, attempt + 1)
                    time.sleep(5 * (attempt + 1))
            self.outbox.task_done()


def classify(sample, previous, dark_threshold):
    if sample.mean < dark_threshold:
        return "dark"
    if previous and previous.get(sample.monitor) == sample.digest:
        return "frozen"
    return "ok"


def main():
    ap = argparse.ArgumentParser(description="kiosk blank screen detector")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--scale", type=float, default=0.5)
    ap.add_argument("--dark-threshold", type=float, default=8.0)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--log-level", default="INFO")
    args = ap.parse_args()
    logging.basicConfig(level=args.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(message)s")

    session = requests.Session()
    token = os.environ.get("SIGNAGE_NOC_TOKEN")
    if token:
        session.headers["Authorization"] = f"Token {token}"

    outbox = queue.Queue(maxsize=32)
    Reporter(session, NOC_URL, outbox).start()

    last = {}
    while True:
        try:
            for sample in grab_monitors(args.scale):
                verdict = classify(sample, last, args.dark_threshold)
                last[sample.monitor] = sample.digest
                LOG.info("monitor %d luma=%.1f %s", sample.monitor, sample.mean, verdict)
                if verdict != "ok":
                    LOG.info("kept frame at %s", keep_locally(sample, verdict))
                try:
                    outbox.put_nowait((sample, verdict))
                except queue.Full:
                    LOG.warning("outbox full, dropping status")
        except mss.exception.ScreenShotError as exc:
            LOG.error("capture failed: %s", exc)
        if args.once:
            outbox.join()
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
