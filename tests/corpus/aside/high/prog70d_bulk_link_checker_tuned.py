#!/usr/bin/env python3
"""Bulk broken-link checker for large sitemaps.

Pulls every <loc> out of a sitemap (or sitemap index), then HEADs each URL
with a few hundred concurrent connections and writes the non-2xx ones to a
CSV for the SEO team. Large sitemaps need a lot of sockets and ephemeral
ports, so the script tunes the box before starting (run it on the dedicated
audit runner).
"""
import argparse
import asyncio
import csv
import logging
import re
import resource
import sys

import aiohttp

log = logging.getLogger("linkcheck")
LOC_RE = re.compile(r"<loc>\s*(.*?)\s*</loc>", re.S | re.I)
INDEX_RE = re.compile(r"<sitemapindex\b", re.I)


class Tuning:
    """Process-level limits for the run."""

    wanted_nofile = 65536
    kernel = {
        "fs/file-max": "2097152",
        "net/ipv4/ip_local_port_range": "10240 65000",
        "net/ipv4/tcp_tw_reuse": "1",
        "net/core/somaxconn": "4096",
    }

    @classmethod
    def _kernel(cls):
        for key, value in cls.kernel.items():
            path = "/proc/sys/" + key
            with open(path) as fh:
                current = fh.read().strip()
            if current.split() != value.split():
                with open(path, "w") as fh:
                    fh.write(value + "\n")
                log.info("%s: %s -> %s", key.replace("/", "."), current, value)

    @classmethod
    def apply(cls, concurrency):
        cls._kernel()
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        target = max(cls.wanted_nofile, concurrency * 4)
        if target > soft or target > hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, max(target, hard)))
            log.info("open-file limit raised %d/%d -> %d", soft, hard, target)
        return target


async def fetch_sitemap(session, url, seen=None):
    seen = seen if seen is not None else set()
    if url in seen:
        return []
    seen.add(url)
    async with session.get(url) as resp:
        resp.raise_for_status()
        text = await resp.text()
    locs = [m.replace("&amp;", "&") for m in LOC_RE.findall(text)]
    if INDEX_RE.search(text):
        urls = []
        for child in locs:
            urls.extend(await fetch_sitemap(session, child, seen))
        return urls
    return locs


async def check(session, sem, url):
    async with sem:
        try:
            async with session.head(url, allow_redirects=False) as resp:
                status = resp.status
                if status in (405, 501):
                    async with session.get(url) as gresp:
                        status = gresp.status
                return url, status, resp.headers.get("Location", "")
        except (aiohttp.ClientError, asyncio.TimeoutError) as exc:
            return url, 0, type(exc).__name__


async def run(sitemap, concurrency, timeout):
    conn = aiohttp.TCPConnector(limit=concurrency, ttl_dns_cache=300)
    to = aiohttp.ClientTimeout(total=timeout)
    headers = {"User-Agent": "LinkAuditor/0.9"}
    async with aiohttp.ClientSession(connector=conn, timeout=to, headers=headers) as session:
        urls = await fetch_sitemap(session, sitemap)
        log.info("%d URLs in sitemap", len(urls))
        sem = asyncio.Semaphore(concurrency)
        results = []
        for fut in asyncio.as_completed([check(session, sem, u) for u in urls]):
            results.append(await fut)
            if len(results) % 1000 == 0:
                log.info("checked %d/%d", len(results), len(urls))
        return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sitemap")
    ap.add_argument("-c", "--concurrency", type=int, default=1500)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("-o", "--output", default="broken_links.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        Tuning.apply(args.concurrency)
    except (ValueError, OSError) as exc:
        log.warning("could not adjust limits (%s); lowering concurrency", exc)
        args.concurrency = min(args.concurrency, 200)

    results = asyncio.run(run(args.sitemap, args.concurrency, args.timeout))
    bad = [r for r in results if not (200 <= r[1] < 300)]
    with open(args.output, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["url", "status", "detail"])
        w.writerows(sorted(bad, key=lambda r: (r[1], r[0])))
    log.info("%d of %d URLs need attention -> %s", len(bad), len(results), args.output)
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
