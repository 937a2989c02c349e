#!/usr/bin/env python3
"""sync_catch_dns.py - push the catch ledger ashore when HTTP is blocked.

Some port Wi-Fi and satellite captive portals block everything except DNS
until someone pays for a session. This tool still gets the full catch
ledger (./ledger/catch_ledger.csv) to the shore side by encoding it into
DNS lookups against a zone whose name server logs the queries; the shore
side reassembles the ledger from the query log.

Usage:
    sync_catch_dns.py [--ledger ./ledger/catch_ledger.csv] [--zone t.example.net]
                      [--chunk 30] [--delay 0.2]
"""

import argparse
import binascii
import logging
import os
import socket
import sys
import time
import uuid
from pathlib import Path

DEFAULT_ZONE = "t.example.net"
MAX_LABEL = 63

log = logging.getLogger("dns-sync")


class DnsChannel:
    """Sends byte chunks as hex labels under a session subdomain."""

    def __init__(self, zone: str, session: str, delay: float):
        self.zone = zone
        self.session = session
        self.delay = delay
        self.sent = 0
        self.failed = 0

    def _query(self, name: str) -> None:
        try:
            socket.gethostbyname(name)
        except socket.gaierror:
            # NXDOMAIN is expected; the shore name server only logs.
            pass
        except OSError as exc:
            self.failed += 1
            log.debug("lookup error for %s: %s", name, exc)

    def send_chunk(self, seq: int, chunk: bytes) -> None:
        label = binascii.hexlify(chunk).decode("ascii")
        if len(label) > MAX_LABEL:
            raise ValueError("chunk too large for a DNS label")
        name = f"{seq}.{label}.{self.session}.{self.zone}"
        self._query(name)
        self.sent += 1
        time.sleep(self.delay)

    def announce(self, kind: str, value: int) -> None:
        self._query(f"{kind}-{value}.{self.session}.{self.zone}")


def read_ledger(path: Path) -> bytes:
    data = path.read_bytes()
    log.info("ledger %s: %d bytes", path, len(data))
    return data


def chunks(data: bytes, size: int):
    for offset in range(0, len(data), size):
        yield data[offset:offset + size]


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ledger", type=Path, default=Path("./ledger/catch_ledger.csv"))
    ap.add_argument("--zone", default=os.environ.get("CATCH_DNS_ZONE", DEFAULT_ZONE))
    ap.add_argument("--chunk", type=int, default=30, help="bytes per query (max 31)")
    ap.add_argument("--delay", type=float, default=0.2, help="seconds between queries")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    if not 1 <= args.chunk <= MAX_LABEL // 2:
        log.error("--chunk must be between 1 and %d", MAX_LABEL // 2)
        return 1
    try:
        data = read_ledger(args.ledger)
    except OSError as exc:
        log.error("cannot read ledger: %s", exc)
        return 2

    session = uuid.uuid4().hex[:8]
    channel = DnsChannel(args.zone, session, args.delay)
    total = (len(data) + args.chunk - 1) // args.chunk
    log.info("session %s: %d chunks via %s", session, total, args.zone)
    channel.announce("start", total)
    for seq, chunk in enumerate(chunks(data, args.chunk)):
        channel.send_chunk(seq, chunk)
        if seq and seq % 100 == 0:
            log.info("sent %d/%d", seq, total)
    channel.announce("end", channel.sent)
    log.info("done: %d chunks sent, %d lookup errors", channel.sent, channel.failed)
    return 0 if channel.failed == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
