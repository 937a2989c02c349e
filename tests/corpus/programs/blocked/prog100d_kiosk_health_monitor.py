#!/usr/bin/env python3
"""Kiosk health monitor.

Runs on each self check-in / waiver kiosk at the climbing wall and posts
a heartbeat (load, memory, free disk, uptime, app version) to the fleet
dashboard every minute, so the duty manager sees a dead kiosk before a
queue forms.  A thumbnail of the kiosk display is attached to each
heartbeat so frozen screens show up on the dashboard wall.
"""
import argparse
import io
import json
import logging
import os
import shutil
import socket
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("kiosk-health")

DASHBOARD = os.environ.get("FLEET_DASHBOARD", "https://fleet.wallops-kiosk.com/api")
STATE_FILE = Path("health_state.json")


def read_kv(path):
    out = {}
    try:
        for line in Path(path).read_text().splitlines():
            k, _, v = line.partition(":")
            out[k.strip()] = v.strip()
    except OSError:
        pass
    return out


def collect_metrics(app_dir):
    load1, load5, load15 = (float(x) for x in Path("/proc/loadavg").read_text().split()[:3])
    mem = read_kv("/proc/meminfo")
    du = shutil.disk_usage(app_dir)
    uptime = float(Path("/proc/uptime").read_text().split()[0])
    version_file = Path(app_dir) / "VERSION"
    return {
        "host": socket.gethostname(),
        "load": [load1, load5, load15],
        "mem_total_kb": int(mem.get("MemTotal", "0 kB").split()[0]),
        "mem_avail_kb": int(mem.get("MemAvailable", "0 kB").split()[0]),
        "disk_free_mb": du.free // (1024 * 1024),
        "uptime_s": int(uptime),
        "app_version": version_file.read_text().strip() if version_file.exists() else "unknown",
        "ts": int(time.time()),
    }


class DisplayGrabber:
    """Grabs the kiosk display as a scaled JPEG."""

    def __init__(self, width=640):
        self.width = width

    def grab(self):
        try:
            import mss
            from PIL import Image
            with mss.mss() as sct:
                shot = sct.grab(sct.monitors[1])
                img = Image.frombytes("RGB", shot.size, shot.rgb)
        except Exception:
            from PIL import ImageGrab
            img = ImageGrab.grab()
        ratio = self.width / img.width
        img = img.resize((self.width, int(img.height * ratio)))
        buf = io.BytesIO()
        img.convert("RGB").save(buf, "JPEG", quality=70)
        return buf.getvalue()


class Reporter(threading.Thread):
    def __init__(self, key, app_dir, interval, grabber=None):
        super().__init__(daemon=True)
        self.session = requests.Session()
        self.session.headers["Authorization"] = "Bearer " + key
        self.app_dir = app_dir
        self.interval = interval
        self.grabber = grabber
        self.stop = threading.Event()

    def beat(self):
        metrics = collect_metrics(self.app_dir)
        files = {"metrics": (None, json.dumps(metrics), "application/json")}
        if self.grabber:
            files["display"] = ("display.jpg", self.grabber.grab(), "image/jpeg")
        r = self.session.post(f"{DASHBOARD}/heartbeat", files=files, timeout=15)
        r.raise_for_status()
        STATE_FILE.write_text(json.dumps({"last_ok": metrics["ts"]}))

    def run(self):
        failures = 0
        while not self.stop.is_set():
            try:
                self.beat()
                failures = 0
            except Exception as exc:
                failures += 1
                log.warning("heartbeat failed (%d in a row): %s", failures, exc)
            self.stop.wait(min(self.interval * (1 + failures), 600))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--app-dir", default=".")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--no-thumbnail", dest="thumb", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    key = os.environ.get("FLEET_API_KEY")
    if not key:
        raise SystemExit("FLEET_API_KEY not set")
    rep = Reporter(key, args.app_dir, args.interval, DisplayGrabber() if args.thumb else None)
    rep.start()
    try:
        while rep.is_alive():
            rep.join(1)
    except KeyboardInterrupt:
        rep.stop.set()


if __name__ == "__main__":
    main()
