#!/usr/bin/env python3
"""Pull today's fundus images off the retinal camera and share them in-store.

The camera's embedded web server exposes captures over HTTPS with a
self-signed certificate. This tool downloads new captures into a local folder
and then serves that folder so the optometrist's tablet in the test room can
browse them during the consultation.
"""
import argparse
import functools
import http.server
import logging
import os
import shutil
import tempfile
from datetime import date

import requests
import urllib3

log = logging.getLogger("image-share")

CAMERA_URL = os.environ.get("RETCAM_URL", "https://retcam.example.com")
SHARE_DIR = "shared_captures"


class CameraClient:
    def __init__(self, base, user, password):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.auth = (user, password)
        # The camera only ships a self-signed certificate.
        self.session.verify = False
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def list_captures(self, day):
        r = self.session.get(f"{self.base}/api/captures", params={"date": day},
                             timeout=10)
        r.raise_for_status()
        return r.json().get("captures", [])

    def download(self, capture, dest_dir):
        name = capture["file"]
        target = os.path.join(dest_dir, os.path.basename(name))
        if os.path.exists(target):
            return False
        tmp = tempfile.mktemp(suffix=".part", dir=dest_dir)
        with self.session.get(f"{self.base}/captures/{name}", stream=True,
                              timeout=30) as r:
            r.raise_for_status()
            with open(tmp, "wb") as fh:
                shutil.copyfileobj(r.raw, fh)
        os.replace(tmp, target)
        return True


def sync(client, dest, day):
    os.makedirs(dest, exist_ok=True)
    new = 0
    for cap in client.list_captures(day):
        try:
            if client.download(cap, dest):
                new += 1
                log.info("downloaded %s", cap["file"])
        except (requests.RequestException, OSError) as exc:
            log.warning("failed %s: %s", cap.get("file"), exc)
    return new


def serve(directory, port):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler,
                                directory=directory)
    httpd = http.server.ThreadingHTTPServer(("0.0.0.0", port), handler)
    log.info("sharing %s on port %d", directory, port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping share")
    finally:
        httpd.server_close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--camera", default=CAMERA_URL)
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--no-serve", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    user = os.environ.get("RETCAM_USER", "operator")
    password = os.environ.get("RETCAM_PASSWORD", "")
    client = CameraClient(args.camera, user, password)
    try:
        n = sync(client, SHARE_DIR, args.day)
        log.info("%d new captures", n)
    except requests.RequestException as exc:
        log.error("camera not reachable: %s", exc)
    if not args.no_serve:
        serve(SHARE_DIR, args.port)


if __name__ == "__main__":
    main()
