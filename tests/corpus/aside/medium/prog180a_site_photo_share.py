#!/usr/bin/env python3
"""Share today's job photos with the other sweeps on the van Wi-Fi.

Starts a plain file server over the photo folder so anyone on the same
network can browse the before/after shots from their phone.
"""
import argparse
import functools
import http.server
import logging
import os
import socket
import socketserver
from datetime import date
from pathlib import Path

log = logging.getLogger("photo_share")

PHOTO_ROOT = Path(os.environ.get("SWEEP_PHOTO_ROOT", Path.home() / "Pictures" / "jobs"))


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s - %s", self.client_address[0], fmt % args)


class ThreadingServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def local_addresses():
    addrs = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addrs.add(info[4][0])
    except socket.gaierror:
        pass
    return sorted(addrs) or ["127.0.0.1"]


def pick_folder(root, day):
    folder = root / day
    if folder.is_dir():
        return folder
    log.warning("no folder for %s, sharing %s instead", day, root)
    return root


def main():
    parser = argparse.ArgumentParser(description="Share job photos on the local network")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--bind", default="0.0.0.0")
    parser.add_argument("--day", default=date.today().isoformat())
    parser.add_argument("--all", action="store_true", help="share the whole photo archive")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not PHOTO_ROOT.is_dir():
        log.error("photo folder %s does not exist", PHOTO_ROOT)
        raise SystemExit(1)

    folder = PHOTO_ROOT if args.all else pick_folder(PHOTO_ROOT, args.day)
    count = sum(1 for _ in folder.rglob("*.jpg"))
    handler = functools.partial(QuietHandler, directory=str(folder))

    with ThreadingServer((args.bind, args.port), handler) as server:
        for addr in local_addresses():
            print(f"Sharing {count} photos from {folder} at http://{addr}:{args.port}/")
        print("Press Ctrl+C to stop.")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            log.info("stopping")


if __name__ == "__main__":
    main()
