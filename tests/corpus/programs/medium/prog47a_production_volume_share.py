#!/usr/bin/env python3
"""Share a finished production volume with co-counsel on the deal-room LAN.

Checks the volume's load file (.dat/.opt) is present, prints the Bates
range, and serves the volume directory read-only over HTTP until Ctrl-C.
"""
import argparse
import functools
import logging
import re
import socket
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

LOGGER = logging.getLogger("prodshare")
BATES_RE = re.compile(r"\b([A-Z]{2,6})[_-]?(\d{6,9})\b")


class AuditingHandler(SimpleHTTPRequestHandler):
    """Directory listing handler that records every download."""

    def log_message(self, fmt, *args):
        LOGGER.info("%s %s", self.client_address[0], fmt % args)

    def do_PUT(self):
        self.send_error(405, "production volumes are read-only")

    do_POST = do_DELETE = do_PUT


def bates_range(volume: Path):
    numbers = []
    prefix = None
    for load_file in list(volume.glob("*.dat")) + list(volume.glob("*.opt")):
        for line in load_file.read_text(errors="ignore").splitlines():
            for pfx, num in BATES_RE.findall(line):
                prefix = prefix or pfx
                numbers.append(int(num))
    if not numbers:
        return None
    width = 8
    return f"{prefix}{min(numbers):0{width}d}", f"{prefix}{max(numbers):0{width}d}"


def lan_address() -> str:
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def serve(volume: Path, port: int) -> None:
    handler = functools.partial(AuditingHandler, directory=str(volume))
    bind = ("0.0.0.0", port)
    with ThreadingHTTPServer(bind, handler) as httpd:
        LOGGER.info("serving %s at http://%s:%d/", volume, lan_address(), port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            LOGGER.info("stopped by operator")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("volume", type=Path, help="e.g. ./productions/VOL004")
    p.add_argument("--port", type=int, default=8443)
    p.add_argument("--skip-check", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    volume = args.volume.resolve()
    if not volume.is_dir():
        LOGGER.error("%s is not a directory", volume)
        return 1
    if not args.skip_check:
        rng = bates_range(volume)
        if rng is None:
            LOGGER.error("no load file with Bates numbers in %s", volume)
            return 1
        LOGGER.info("Bates range %s - %s", *rng)
    serve(volume, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
