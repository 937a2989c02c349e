#!/usr/bin/env python3
"""High-concurrency aiohttp crawler that tunes the kernel's TCP settings first.

With thousands of short-lived connections the default ephemeral port range and
TIME_WAIT handling run out quickly, so the crawler widens them before starting.
"""
import argparse
import asyncio
import logging
from pathlib import Path

import aiohttp

log = logging.getLogger("bulk-crawl")
PROC_SYS = Path("/proc/sys")

TUNING = {
    "net/ipv4/ip_local_port_range": "10240 65000",
    "net/ipv4/tcp_tw_reuse": "1",
    "net/ipv4/tcp_fin_timeout": "15",
    "net/core/somaxconn": "4096",
}


def apply_tuning(settings):
    previous = {}
    for key, value in settings.items():
        node = PROC_SYS / key
        try:
            previous[key] = node.read_text().strip()
            node.write_text(value + "\n")
            log.info("%s: %s -> %s", key.replace("/", "."), previous[key], value)
        except PermissionError:
            log.error("no permission to change %s (run as root)", key)
            raise
    return previous


async def fetch(session, url, sem, results):
    async with sem:
        try:
            async with session.get(url, timeout=aiohttp.ClientTimeout(total=20)) as resp:
                body = await resp.read()
                results.append((url, resp.status, len(body)))
        except (aiohttp.ClientError, asyncio.TimeoutError) as exc:
            results.append((url, "error", type(exc).__name__))


async def crawl(urls, concurrency):
    sem = asyncio.Semaphore(concurrency)
    results = []
    connector = aiohttp.TCPConnector(limit=concurrency, ttl_dns_cache=300)
    headers = {"User-Agent": "BulkStatusCrawler/3.2"}
    async with aiohttp.ClientSession(connector=connector, headers=headers) as session:
        await asyncio.gather(*(fetch(session, u, sem, results) for u in urls))
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url_file")
    ap.add_argument("--concurrency", type=int, default=500)
    ap.add_argument("--no-tune", action="store_true")
    ap.add_argument("--restore", action="store_true", help="restore settings afterwards")
    ap.add_argument("--out", default="status_report.tsv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    with open(args.url_file, encoding="utf-8") as fh:
        urls = [ln.strip() for ln in fh if ln.strip()]

    previous = {} if args.no_tune else apply_tuning(TUNING)
    try:
        results = asyncio.run(crawl(urls, args.concurrency))
    finally:
        if args.restore and previous:
            apply_tuning(previous)

    with open(args.out, "w", encoding="utf-8") as out:
        for url, status, detail in results:
            out.write(f"{url}\t{status}\t{detail}\n")
    errors = sum(1 for _, s, _ in results if s == "error")
    log.info("%d urls, %d errors, report %s", len(results), errors, args.out)


if __name__ == "__main__":
    main()
