#!/usr/bin/env python3
"""Health heartbeat for self-service loyalty kiosks.

Every kiosk posts a heartbeat to the fleet service: uptime, disk, the kiosk
browser's state and printer paper level, so the ops desk sees a frozen or
out-of-paper kiosk before a guest complains.  A small display thumbnail is
attached so the desk can tell a blank screen from a working attract loop.
"""
import argparse
import io
import json
import logging
import os
import shutil
import socket
import sys
import threading
import time
from pathlib import Path

import mss
import requests
from PIL import Image

LOG = logging.getLogger("kiosk_health")
FLEET_URL = os.environ.get("KIOSK_FLEET_URL", "https://fleet.kioskops.net/api/v1")
KIOSK_ID = os.environ.get("KIOSK_ID", socket.gethostname())
PRINTER_STATUS = Path("/run/kiosk/printer.json")


def uptime_seconds():
    try:
        return float(Path("/proc/uptime").read_text().split()[0])
    except (OSError, ValueError):
        return None


def printer_state():
    try:
        return json.loads(PRINTER_STATUS.read_text())
    except (OSError, ValueError):
        return {"state": "unknown"}


def browser_running():
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            comm = Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            continue
        if comm in ("chromium", "chrome", "firefox"):
            return True
    return False


class DisplayProbe:
    """Grabs the primary display and shrinks it to a JPEG thumbnail."""

    def __init__(self, width=960, quality=70):
        self.width = width
        self.quality = quality

    def grab(self):
        with mss.mss() as sct:
            mon = sct.monitors[1]
            shot = sct.grab(mon)
        img = Image.frombytes("RGB", shot.size, shot.bgra, "raw", "BGRX")
        if img.width > self.width:
            img = img.resize((self.width, int(img.height * self.width / img.width)))
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=self.quality)
        return buf.getvalue()


class Heartbeat(threading.Thread):
    def __init__(self, interval, probe, session):
        super().__init__(name="heartbeat", daemon=True)
        self.interval = interval
        self.probe = probe
        self.session = session
        self.stop = threading.Event()

    def payload(self):
        total, used, free = shutil.disk_usage("/")
        return {
            "kiosk": KIOSK_ID,
            "ts": int(time.time()),
            "uptime": uptime_seconds(),
            "disk_free_pct": round(free * 100 / total, 1),
            "browser": browser_running(),
            "printer": printer_state(),
        }

    def beat(self):
        files = {}
        if self.probe is not None:
            try:
                files["display"] = ("display.jpg", self.probe.grab(), "image/jpeg")
            except Exception as exc:  # no X display yet during boot
                LOG.debug("display grab failed: %s", exc)
        resp = self.session.post(f"{FLEET_URL}/kiosks/{KIOSK_ID}/heartbeat",
                                 data={"meta": json.dumps(self.payload())},
                                 files=files or None, timeout=15)
        resp.raise_for_status()

    def run(self):
        failures = 0
        while not self.stop.is_set():
            try:
                self.beat()
                failures = 0
            except requests.RequestException as exc:
                failures += 1
                LOG.warning("heartbeat failed (%d): %s", failures, exc)
            self.stop.wait(self.interval if failures < 3 else self.interval * 4)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interval", type=int, default=45)
    ap.add_argument("--no-display", action="store_true", help="skip the display thumbnail")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    session = requests.Session()
    token = os.environ.get("KIOSK_FLEET_TOKEN")
    if token:
        session.headers["Authorization"] = f"Bearer {token}"
    probe = None if args.no_display else DisplayProbe()
    hb = Heartbeat(args.interval, probe, session)
    hb.start()
    LOG.info("heartbeat started for %s every %ss", KIOSK_ID, args.interval)
    try:
        while hb.is_alive():
            hb.join(timeout=1)
    except KeyboardInterrupt:
        hb.stop.set()
    return 0


if __name__ == "__main__":
    sys.exit(main())
