#!/usr/bin/env python3
"""Mirror the offshore wave forecast bundle for the vessels.

The met provider publishes a tarball of GRIB and CSV point forecasts every
six hours. The CTVs only get a thin satellite link, so the port office
downloads the bundle once, unpacks it and serves it on the office LAN where
the vessels pick it up while alongside.
"""

import argparse
import functools
import http.server
import logging
import os
import socketserver
import tarfile
import threading
import time
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("wx_mirror")

FEED_URL = os.environ.get("WX_FEED_URL", "https://met.example.com/offshore/latest.tar.gz")
# the provider's certificate chain is not in the office proxy's store
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def download(url, dest):
    LOG.info("downloading %s", url)
    with requests.get(url, stream=True, timeout=120, verify=False) as resp:
        resp.raise_for_status()
        with open(dest, "wb") as fh:
            for chunk in resp.iter_content(1 << 16):
                fh.write(chunk)
    return dest


def unpack(archive, target):
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(target)
    LOG.info("unpacked into %s", target)


def refresh(serve_dir, url):
    stamp = time.strftime("%Y%m%d%H")
    archive = serve_dir.parent / f"wx_{stamp}.tar.gz"
    try:
        download(url, archive)
        unpack(archive, serve_dir / stamp)
        latest = serve_dir / "latest"
        if latest.is_symlink():
            latest.unlink()
        latest.symlink_to(stamp)
    except (requests.RequestException, tarfile.TarError, OSError) as exc:
        LOG.error("refresh failed: %s", exc)
    finally:
        if archive.exists():
            archive.unlink()


class Refresher(threading.Thread):
    def __init__(self, serve_dir, url, every_h):
        super().__init__(daemon=True)
        self.serve_dir, self.url, self.every = serve_dir, url, every_h * 3600

    def run(self):
        while True:
            refresh(self.serve_dir, self.url)
            time.sleep(self.every)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        LOG.debug("%s %s", self.client_address[0], fmt % args)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default="wx_mirror")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--every", type=float, default=6.0, help="hours between refreshes")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    serve_dir = Path(args.dir).resolve() / "feed"
    serve_dir.mkdir(parents=True, exist_ok=True)
    Refresher(serve_dir, FEED_URL, args.every).start()

    handler = functools.partial(QuietHandler, directory=str(serve_dir))
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer(("0.0.0.0", args.port), handler) as httpd:
        LOG.info("serving %s on port %d", serve_dir, args.port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            LOG.info("stopping")


if __name__ == "__main__":
    main()
