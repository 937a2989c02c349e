#!/usr/bin/env python3
"""Let a support engineer on the LAN download finished support bundles.

Serves the ./bundles directory read-only with the standard library HTTP
server for a limited time, then exits. Prints the URLs to share.
"""
import argparse
import functools
import http.server
import logging
import socket
import socketserver
import threading
import time
from pathlib import Path

log = logging.getLogger("handoff")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s - %s", self.client_address[0], fmt % args)


class ThreadingServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def local_addresses():
    addrs = set()
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # no packets are sent for UDP connect
            addrs.add(s.getsockname()[0])
    except OSError:
        pass
    addrs.add("127.0.0.1")
    return sorted(addrs)


def list_bundles(directory):
    return sorted(p.name for p in Path(directory).glob("*.tar.gz"))


def shutdown_after(server, seconds):
    def _stop():
        time.sleep(seconds)
        log.info("time limit reached, stopping server")
        server.shutdown()
    t = threading.Thread(target=_stop, daemon=True)
    t.start()
    return t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="bundles")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--minutes", type=float, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    directory = Path(args.dir).resolve()
    if not directory.is_dir():
        ap.error(f"{directory} does not exist")
    bundles = list_bundles(directory)
    if not bundles:
        log.warning("no bundles in %s yet", directory)

    handler = functools.partial(QuietHandler, directory=str(directory))
    server = ThreadingServer(("0.0.0.0", args.port), handler)
    for addr in local_addresses():
        for name in bundles:
            print(f"  http://{addr}:{args.port}/{name}")
    shutdown_after(server, args.minutes * 60)
    try:
        server.serve_forever(poll_interval=1.0)
    except KeyboardInterrupt:
        log.info("interrupted")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
