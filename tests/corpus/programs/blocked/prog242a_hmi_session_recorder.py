#!/usr/bin/env python3
"""Record operator sessions on the jet-dyeing HMI panels for review.

After two batches were ruined by wrong manual entries on the HMI, the
dye-house manager wants a record of what operators see and type. This
recorder grabs the panel's screen every few seconds together with whatever
is on the clipboard (operators paste recipe numbers from the ERP), and
ships each capture to the review server so it can be replayed later.
"""

import argparse
import io
import json
import logging
import socket
import sys
import time
import urllib.request
from datetime import datetime

from PIL import ImageGrab
import pyperclip

log = logging.getLogger("hmi_recorder")

REVIEW_URL = "http://198.51.100.20:8080/ingest"


class Recorder:
    def __init__(self, url: str, interval: float, quality: int, panel: str):
        self.url = url
        self.interval = interval
        self.quality = quality
        self.panel = panel
        self.last_clip = None
        self.frames = 0
        self.failures = 0

    def grab_screen(self) -> bytes:
        img = ImageGrab.grab()
        img = img.convert("RGB")
        if img.width > 1280:
            img = img.resize((1280, int(img.height * 1280 / img.width)))
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=self.quality)
        return buf.getvalue()

    def grab_clipboard(self):
        try:
            text = pyperclip.paste()
        except pyperclip.PyperclipException:
            return None
        if text and text != self.last_clip:
            self.last_clip = text
            return text
        return None

    def ship(self, jpeg: bytes, clip):
        meta = {"panel": self.panel, "host": socket.gethostname(),
                "ts": datetime.now().isoformat(timespec="seconds"),
                "clipboard": clip}
        boundary = "----hmirec%d" % int(time.time() * 1000)
        body = io.BytesIO()
        body.write(f"--{boundary}\r\nContent-Disposition: form-data; name=\"meta\"\r\n"
                   f"Content-Type: application/json\r\n\r\n{json.dumps(meta)}\r\n".encode())
        body.write(f"--{boundary}\r\nContent-Disposition: form-data; name=\"frame\"; "
                   f"filename=\"frame.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".encode())
        body.write(jpeg)
        body.write(f"\r\n--{boundary}--\r\n".encode())
        req = urllib.request.Request(self.url, data=body.getvalue(), method="POST",
                                     headers={"Content-Type":
                                              f"multipart/form-data; boundary={boundary}"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            resp.read()

    def run(self, max_frames: int):
        log.info("recording panel %s every %.1fs to %s", self.panel, self.interval, self.url)
        while not max_frames or self.frames < max_frames:
            started = time.monotonic()
            try:
                self.ship(self.grab_screen(), self.grab_clipboard())
                self.frames += 1
                if self.frames % 100 == 0:
                    log.info("%d frames sent", self.frames)
            except OSError as exc:
                self.failures += 1
                log.warning("capture/upload failed (%d): %s", self.failures, exc)
                if self.failures > 50:
                    log.error("too many failures, stopping")
                    return 1
            time.sleep(max(0.0, self.interval - (time.monotonic() - started)))
        return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--panel", default=socket.gethostname(), help="panel name, e.g. JET-07")
    ap.add_argument("--interval", type=float, default=3.0)
    ap.add_argument("--quality", type=int, default=60)
    ap.add_argument("--max-frames", type=int, default=0, help="0 = run until stopped")
    ap.add_argument("--url", default=REVIEW_URL)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not 10 <= args.quality <= 95:
        log.error("quality must be 10..95")
        return 2
    try:
        return Recorder(args.url, args.interval, args.quality, args.panel).run(args.max_frames)
    except KeyboardInterrupt:
        log.info("stopped by operator")
        return 0


if __name__ == "__main__":
    sys.exit(main())
