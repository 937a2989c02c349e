#!/usr/bin/env python3
"""Kennel run webcam preview server.

Pulls MJPEG frames from the IP cameras on the kennel LAN and re-serves the
latest frame of each camera as a single MJPEG endpoint, so the front desk
tablet and the owners' viewer can all watch without hammering the cameras.

Config (campreview.ini):

    [preview]
    listen_port = 8081
    fps = 2

    [camera:run-01]
    url = http://10.0.20.11/mjpg/video.mjpg
"""
import argparse
import configparser
import logging
import sys
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("campreview")

DEFAULTS = {"listen_port": "8081", "fps": "2"}
BOUNDARY = "kennelframe"


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


class FrameStore:
    def __init__(self):
        self._frames = {}
        self._cond = threading.Condition()

    def put(self, cam, frame):
        with self._cond:
            self._frames[cam] = frame
            self._cond.notify_all()

    def wait(self, cam, timeout=5):
        with self._cond:
            self._cond.wait(timeout)
            return self._frames.get(cam)


class CameraWorker(threading.Thread):
    def __init__(self, source, store, fps):
        super().__init__(name=f"cam-{source.name}", daemon=True)
        self.source = source
        self.store = store
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
                    self.store.put(self.source.name, frame)
            except Exception as exc:  # camera reboots are common
                log.warning("%s: %s, retrying in 5s", self.source.name, exc)
                time.sleep(5)


def make_handler(store, cams):
    class PreviewHandler(BaseHTTPRequestHandler):
        def log_message(self, fmt, *args):
            log.debug("%s - " + fmt, self.client_address[0], *args)

        def do_GET(self):
            cam = self.path.strip("/").split("/")[0]
            if cam not in cams:
                self.send_error(404, "unknown camera")
                return
            self.send_response(200)
            self.send_header("Content-Type",
                             f"multipart/x-mixed-replace; boundary={BOUNDARY}")
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            try:
                while True:
                    frame = store.wait(cam)
                    if frame is None:
                        continue
                    self.wfile.write(f"--{BOUNDARY}\r\n".encode())
                    self.wfile.write(b"Content-Type: image/jpeg\r\n")
                    self.wfile.write(f"Content-Length: {len(frame)}\r\n\r\n".encode())
                    self.wfile.write(frame + b"\r\n")
            except (BrokenPipeError, ConnectionResetError):
                log.debug("viewer left %s", cam)

    return PreviewHandler


def load_config(path):
    cp = configparser.ConfigParser(defaults=DEFAULTS)
    if not cp.read(path):
        log.warning("config %s not found, using defaults", path)
    section = cp["preview"] if cp.has_section("preview") else cp[cp.default_section]
    cams = {
        sec.split(":", 1)[1]: cp[sec]["url"]
        for sec in cp.sections() if sec.startswith("camera:")
    }
    return section, cams


def main(argv=None):
    ap = argparse.ArgumentParser(description="Serve kennel webcam previews")
    ap.add_argument("-c", "--config", default="campreview.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(levelname)s %(message)s")

    section, cams = load_config(args.config)
    if not cams:
        log.error("no [camera:*] sections configured")
        return 2

    store = FrameStore()
    fps = float(section["fps"])
    for name, url in cams.items():
        CameraWorker(CameraSource(name, url), store, fps).start()

    port = int(section["listen_port"])
    httpd = ThreadingHTTPServer(("0.0.0.0", port), make_handler(store, cams))
    log.info("serving %d cameras on port %d", len(cams), port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
