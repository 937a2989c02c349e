#!/usr/bin/env python3
"""Quick share of a scan batch for the visiting paper conservator.

The conservator brings a laptop on survey days and needs to pull the day's
raking-light scans without an account on the collections share. This serves
one batch folder read-only over HTTP for the length of the visit.
"""
import argparse
import functools
import logging
import os
import socket
import sys
import threading
from datetime import datetime, timedelta
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("scan.share")

SCAN_ROOT = Path(os.environ.get("SCAN_ROOT", "~/Digitisation/batches")).expanduser()
BIND = os.environ.get("SHARE_BIND", "0.0.0.0")
PORT = int(os.environ.get("SHARE_PORT", "8000"))


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s - %s", self.client_address[0], fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def pick_batch(name):
    if name:
        batch = SCAN_ROOT / name
    else:
        batches = sorted(p for p in SCAN_ROOT.iterdir() if p.is_dir())
        if not batches:
            raise FileNotFoundError(f"no batches under {SCAN_ROOT}")
        batch = batches[-1]
    if not batch.is_dir():
        raise FileNotFoundError(batch)
    return batch


def local_addresses():
    try:
        return sorted({ai[4][0] for ai in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)})
    except socket.gaierror:
        return ["127.0.0.1"]


def schedule_shutdown(server, hours):
    deadline = datetime.now() + timedelta(hours=hours)
    timer = threading.Timer(hours * 3600, server.shutdown)
    timer.daemon = True
    timer.start()
    log.info("share closes automatically at %s", deadline.strftime("%H:%M"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("batch", nargs="?", help="batch folder name (default: newest)")
    ap.add_argument("--hours", type=float, default=6.0)
    ap.add_argument("--port", type=int, default=PORT)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        batch = pick_batch(args.batch)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1

    count = sum(1 for _ in batch.rglob("*.tif"))
    handler = functools.partial(QuietHandler, directory=str(batch))
    server = ThreadingHTTPServer((BIND, args.port), handler)
    schedule_shutdown(server, args.hours)
    for addr in local_addresses():
        log.info("conservator link: http://%s:%d/", addr, args.port)
    log.info("sharing %s (%d TIFF scans)", batch, count)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    log.info("share closed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
