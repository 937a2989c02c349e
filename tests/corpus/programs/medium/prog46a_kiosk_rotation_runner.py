#!/usr/bin/env python3
"""Rotate a Raspberry Pi kiosk through a playlist of dashboards.

The playlist lives in ./kiosk.yaml (written by the facilities team and
occasionally using custom YAML tags for durations).  The parsed playlist is
cached with pickle in ./.kiosk_cache so a reboot without network still works.
Each entry is opened in a fresh chromium window as the kiosk user.
"""
import argparse
import logging
import os
import pickle
import subprocess
import time
from pathlib import Path

import yaml

log = logging.getLogger("kiosk")
CACHE = Path(".kiosk_cache") / "playlist.pkl"
BROWSER_CANDIDATES = ("chromium-browser", "chromium", "firefox-esr")


class Slide:
    def __init__(self, url, seconds=60, zoom=1.0, title=""):
        self.url = url
        self.seconds = int(seconds)
        self.zoom = float(zoom)
        self.title = title or url

    def __repr__(self):
        return f"Slide({self.title!r}, {self.seconds}s)"


def load_playlist(path: Path):
    try:
        with path.open() as fh:
            doc = yaml.load(fh, Loader=yaml.Loader)
        slides = [Slide(**entry) for entry in doc.get("slides", [])]
        CACHE.parent.mkdir(exist_ok=True)
        with CACHE.open("wb") as fh:
            pickle.dump(slides, fh)
        return slides
    except (OSError, yaml.YAMLError, TypeError) as exc:
        log.warning("playlist unreadable (%s); falling back to cache", exc)
        if CACHE.exists():
            with CACHE.open("rb") as fh:
                return pickle.load(fh)
        raise


def find_browser():
    for name in BROWSER_CANDIDATES:
        for d in os.environ.get("PATH", "/usr/bin").split(os.pathsep):
            if os.access(os.path.join(d, name), os.X_OK):
                return name
    raise RuntimeError("no supported browser found")


def show(browser, slide: Slide):
    cmd = [browser, "--kiosk", "--noerrdialogs", "--incognito",
           f"--force-device-scale-factor={slide.zoom}", slide.url]
    if browser.startswith("firefox"):
        cmd = [browser, "--kiosk", slide.url]
    log.info("showing %r", slide)
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        proc.wait(timeout=slide.seconds)
    except subprocess.TimeoutExpired:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--playlist", type=Path, default=Path("kiosk.yaml"))
    ap.add_argument("--loops", type=int, default=0, help="0 = forever")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    browser = find_browser()
    loop = 0
    while args.loops == 0 or loop < args.loops:
        slides = load_playlist(args.playlist)
        if not slides:
            log.error("empty playlist, sleeping")
            time.sleep(30)
            continue
        for slide in slides:
            show(browser, slide)
        loop += 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
