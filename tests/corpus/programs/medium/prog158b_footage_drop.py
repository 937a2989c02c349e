#!/usr/bin/env python3
"""Footage drop point.

Drone pilots drop tarballs of their sortie footage into ./incoming (via
the shared USB stick or scp). This unpacks each new bundle into
./footage/<bundle name> and serves ./footage over HTTP on the base LAN so
the search managers can scrub through clips from their own laptops.
"""
import argparse
import functools
import http.server
import logging
import shutil
import socketserver
import tarfile
import threading
import time
from pathlib import Path

log = logging.getLogger("footage_drop")

INCOMING = Path("incoming")
FOOTAGE = Path("footage")
DONE = INCOMING / "processed"


def bundle_name(path):
    name = path.name
    for suffix in (".tar.gz", ".tgz", ".tar"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return path.stem


def unpack(bundle):
    target = FOOTAGE / bundle_name(bundle)
    target.mkdir(parents=True, exist_ok=True)
    try:
        with tarfile.open(bundle) as tf:
            members = tf.getmembers()
            tf.extractall(path=target)
    except (tarfile.TarError, OSError) as exc:
        log.error("could not unpack %s: %s", bundle.name, exc)
        return 0
    DONE.mkdir(parents=True, exist_ok=True)
    shutil.move(str(bundle), DONE / bundle.name)
    return len(members)


def scan_once():
    count = 0
    for bundle in sorted(INCOMING.glob("*.t*")):
        if not bundle.is_file():
            continue
        # skip bundles still being copied in
        size = bundle.stat().st_size
        time.sleep(1)
        if bundle.stat().st_size != size:
            continue
        n = unpack(bundle)
        if n:
            log.info("unpacked %s (%d entries)", bundle.name, n)
            count += 1
    return count


def watcher(interval):
    while True:
        try:
            scan_once()
        except Exception:  # keep the watcher alive whatever happens
            log.exception("scan failed")
        time.sleep(interval)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.debug("%s - %s", self.address_string(), fmt % args)


def serve(port):
    handler = functools.partial(QuietHandler, directory=str(FOOTAGE))
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer(("0.0.0.0", port), handler) as httpd:
        log.info("serving %s on port %d", FOOTAGE.resolve(), port)
        httpd.serve_forever()


def main():
    ap = argparse.ArgumentParser(description="Unpack and share drone footage bundles")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--interval", type=int, default=15, help="seconds between scans")
    ap.add_argument("--once", action="store_true", help="unpack pending bundles and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    INCOMING.mkdir(exist_ok=True)
    FOOTAGE.mkdir(exist_ok=True)
    if args.once:
        log.info("unpacked %d bundles", scan_once())
        return
    threading.Thread(target=watcher, args=(args.interval,), daemon=True).start()
    try:
        serve(args.port)
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
