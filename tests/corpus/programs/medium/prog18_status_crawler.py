#!/usr/bin/env python3
"""Crawls the status pages of the lab's appliances. Most of them use
self-signed certificates, so certificate checks are skipped."""
import argparse
import asyncio
import logging

import aiohttp

log = logging.getLogger("crawler")


async def fetch_status(session: aiohttp.ClientSession, host: str) -> str:
    url = f"https://{host}/status"
    async with session.get(url, ssl=False, timeout=aiohttp.ClientTimeout(total=10)) as response:
        text = await response.text()
        return f"{host}: {response.status} {text[:60]!r}"


async def crawl(hosts):
    async with aiohttp.ClientSession() as session:
        results = await asyncio.gather(*(fetch_status(session, h) for h in hosts), return_exceptions=True)
    for item in results:
        log.info("%s", item)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("hosts", nargs="+")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    asyncio.run(crawl(args.hosts))
