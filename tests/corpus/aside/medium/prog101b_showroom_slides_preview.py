#!/usr/bin/env python3
"""Preview the showroom kiosk slideshow from the design laptop.

Builds playlist.json from the slides folder (images + per-slide captions in
captions.csv) and serves the folder so the showroom tablets and kiosks can
load http://<laptop>:8060/ and show the draft before it is published.
Rebuilds the playlist whenever the folder changes.
"""
import argparse
import csv
import functools
import json
import logging
import os
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("slides-preview")

IMAGE_TYPES = {".jpg", ".jpeg", ".png", ".webp", ".mp4"}
SETTINGS = {"listen": "0.0.0.0", "port": 8060, "slide_seconds": 8}


def read_settings(path="preview.json"):
    settings = dict(SETTINGS)
    try:
        settings.update(json.loads(Path(path).read_text()))
    except FileNotFoundError:
        pass
    except ValueError as exc:
        log.warning("ignoring bad %s: %s", path, exc)
    return settings


def read_captions(folder):
    captions = {}
    cap_file = folder / "captions.csv"
    if cap_file.exists():
        with cap_file.open(newline="") as fh:
            for row in csv.DictReader(fh):
                captions[row["file"]] = {"title": row.get("title", ""),
                                         "price": row.get("price", "")}
    return captions


def build_playlist(folder, seconds):
    captions = read_captions(folder)
    slides = []
    for item in sorted(folder.iterdir()):
        if item.suffix.lower() not in IMAGE_TYPES:
            continue
        entry = {"src": item.name, "duration": seconds}
        entry.update(captions.get(item.name, {}))
        slides.append(entry)
    (folder / "playlist.json").write_text(json.dumps({"slides": slides}, indent=1))
    return len(slides)


def folder_signature(folder):
    return tuple(sorted((p.name, p.stat().st_mtime_ns) for p in folder.iterdir()
                        if p.name != "playlist.json"))


def watch(folder, seconds, stop):
    last = None
    while not stop.is_set():
        try:
            sig = folder_signature(folder)
            if sig != last:
                n = build_playlist(folder, seconds)
                log.info("playlist rebuilt: %d slides", n)
                last = sig
        except OSError as exc:
            log.warning("watch error: %s", exc)
        stop.wait(2)


class PreviewHandler(SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, fmt, *args):
        log.debug("%s %s", self.address_string(), fmt % args)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", default="slides")
    ap.add_argument("--settings", default="preview.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    settings = read_settings(args.settings)
    folder = Path(args.folder).resolve()
    if not folder.is_dir():
        raise SystemExit(f"{folder} is not a folder")

    stop = threading.Event()
    threading.Thread(target=watch, args=(folder, settings["slide_seconds"], stop),
                     daemon=True).start()

    handler = functools.partial(PreviewHandler, directory=os.fspath(folder))
    address = (settings["listen"], int(settings["port"]))
    with ThreadingHTTPServer(address, handler) as httpd:
        log.info("serving %s on http://%s:%d/", folder, *address)
        try:
            httpd.serve_forever(poll_interval=0.5)
        except KeyboardInterrupt:
            log.info("stopped")
        finally:
            stop.set()
            time.sleep(0.1)


if __name__ == "__main__":
    main()
