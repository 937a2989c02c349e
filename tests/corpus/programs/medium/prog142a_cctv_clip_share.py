#!/usr/bin/env python3
"""Share exported CCTV clips with the insurance assessor.

When a bus is damaged in the garage, the duty manager exports the clips
from the NVR as a .tar.gz bundle. This tool unpacks the bundle into
./clips/<incident> and serves the folder over HTTP so the assessor can
download the footage from a laptop on the depot network.
"""
import argparse
import functools
import http.server
import logging
import os
import socketserver
import sys
import tarfile
import threading
import time
from pathlib import Path

log = logging.getLogger("clip-share")

CLIPS_ROOT = Path("clips")


def unpack(bundle, incident):
    dest = CLIPS_ROOT / incident
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tar:
        members = tar.getmembers()
        log.info("unpacking %d files from %s", len(members), bundle)
        tar.extractall(dest)
    return dest


def list_clips(folder):
    clips = sorted(p for p in folder.rglob("*") if p.suffix.lower() in (".mp4", ".mkv", ".avi"))
    for c in clips:
        log.info("  %s (%.1f MB)", c.relative_to(folder), c.stat().st_size / 1e6)
    return clips


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def serve(folder, port, hours):
    handler = functools.partial(QuietHandler, directory=str(folder))
    httpd = Server(("0.0.0.0", port), handler)
    log.info("serving %s on port %d for %.1f hours", folder, port, hours)

    def stop_later():
        time.sleep(hours * 3600)
        log.info("share period over, stopping")
        httpd.shutdown()

    threading.Thread(target=stop_later, daemon=True).start()
    try:
        httpd.serve_forever()
    finally:
        httpd.server_close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundle", help="clip bundle exported from the NVR")
    ap.add_argument("--incident", required=True, help="incident reference")
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--hours", type=float, default=4.0)
    ap.add_argument("--no-serve", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.path.isfile(args.bundle):
        log.error("bundle %s not found", args.bundle)
        return 1
    try:
        folder = unpack(args.bundle, args.incident)
    except tarfile.TarError as exc:
        log.error("could not unpack bundle: %s", exc)
        return 1
    if not list_clips(folder):
        log.warning("no video files in bundle")
    if not args.no_serve:
        try:
            serve(folder, args.port, args.hours)
        except KeyboardInterrupt:
            log.info("stopped by user")
    return 0


if __name__ == "__main__":
    sys.exit(main())
