#!/usr/bin/env python3
"""Upgrades packages across the fleet over SSH with asyncssh, a few hosts at
a time."""
import argparse
import asyncio
import logging

import asyncssh

log = logging.getLogger("fleet-upgrade")


async def upgrade(host: str, user: str) -> str:
    async with asyncssh.connect(host, username=user) as conn:
        result = await conn.run("sudo apt-get update && sudo apt-get -y upgrade", check=False)
        return f"{host}: exit {result.exit_status}"


async def main(hosts, user, parallel):
    gate = asyncio.Semaphore(parallel)

    async def one(host):
        async with gate:
            return await upgrade(host, user)

    for line in await asyncio.gather(*(one(h) for h in hosts)):
        log.info(line)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("hosts", nargs="+")
    parser.add_argument("--user", default="deploy")
    parser.add_argument("--parallel", type=int, default=4)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    asyncio.run(main(args.hosts, args.user, args.parallel))
