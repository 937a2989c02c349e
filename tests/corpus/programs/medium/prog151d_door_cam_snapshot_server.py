#!/usr/bin/env python3
"""Dock door camera snapshot board.

Grabs a still from every dock door camera every few seconds and serves the
folder so the gate office and the yard marshals can open the pictures on
their tablets.  The cameras ship with self-signed certificates.
"""
import argparse
import functools
import http.server
import logging
import os
import threading
import time

import requests
import urllib3

log = logging.getLogger("snapboard")

CAMERAS = {
    "door01": "https://198.51.100.81/cgi-bin/snapshot.jpg",
    "door02": "https://198.51.100.82/cgi-bin/snapshot.jpg",
    "door03": "https://198.51.100.83/cgi-bin/snapshot.jpg",
    "door04": "https://198.51.100.84/cgi-bin/snapshot.jpg",
}

INDEX_HTML = """<!doctype html><html><head><meta http-equiv="refresh" content="5">
<title>Dock doors</title></head><body>{imgs}</body></html>"""


class Grabber(threading.Thread):
    def __init__(self, out_dir, interval, auth):
        super().__init__(daemon=True)
        self.out_dir = out_dir
        self.interval = interval
        self.session = requests.Session()
        self.session.auth = auth
        # camera certs are self-signed and not in any trust store
        self.session.verify = False
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def grab(self, name, url):
        try:
            r = self.session.get(url, timeout=5)
            r.raise_for_status()
        except requests.RequestException as exc:
            log.warning("%s: %s", name, exc)
            return False
        tmp = os.path.join(self.out_dir, f".{name}.jpg")
        with open(tmp, "wb") as fh:
            fh.write(r.content)
        os.replace(tmp, os.path.join(self.out_dir, f"{name}.jpg"))
        return True

    def run(self):
        while True:
            ok = sum(self.grab(n, u) for n, u in CAMERAS.items())
            log.debug("grabbed %d/%d", ok, len(CAMERAS))
            time.sleep(self.interval)


def write_index(out_dir):
    imgs = "".join(
        f'<figure style="display:inline-block"><img src="{n}.jpg" width="480">'
        f"<figcaption>{n}</figcaption></figure>" for n in sorted(CAMERAS))
    with open(os.path.join(out_dir, "index.html"), "w") as fh:
        fh.write(INDEX_HTML.format(imgs=imgs))


def main():
    ap = argparse.ArgumentParser(description="Dock door snapshot board")
    ap.add_argument("--dir", default="./snapshots")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--interval", type=float, default=3.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    os.makedirs(args.dir, exist_ok=True)
    write_index(args.dir)
    auth = (os.environ.get("CAM_USER", "viewer"), os.environ.get("CAM_PASS", ""))
    Grabber(args.dir, args.interval, auth).start()

    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=args.dir)
    httpd = http.server.ThreadingHTTPServer((args.bind, args.port), handler)
    log.info("serving %s on http://%s:%d/", args.dir, args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()
