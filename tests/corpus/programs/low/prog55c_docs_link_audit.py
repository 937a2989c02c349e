#!/usr/bin/env python3
"""Check external links in ./docs with aiohttp (HEAD first, GET fallback)."""
import argparse
import asyncio
import json
import logging
import pathlib
import re
from collections import defaultdict

import aiohttp

URL_RE = re.compile(r"https?://[^\s)>\]\"']+")
logger = logging.getLogger("linkaudit")


def gather_links(root, suffixes=(".md", ".rst")):
    found = defaultdict(list)
    for path in pathlib.Path(root).rglob("*"):
        if path.suffix not in suffixes or not path.is_file():
            continue
        for lineno, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            for url in URL_RE.findall(line):
                found[url.rstrip(".,;")].append(f"{path}:{lineno}")
    return found


async def probe(session, sem, url):
    async with sem:
        for method in ("HEAD", "GET"):
            try:
                async with session.request(method, url, allow_redirects=True) as resp:
                    if resp.status in (405, 501) and method == "HEAD":
                        continue
                    return url, resp.status, None
            except asyncio.TimeoutError:
                return url, None, "timeout"
            except aiohttp.ClientError as exc:
                return url, None, type(exc).__name__
        return url, None, "no usable method"


async def run(links, concurrency, timeout):
    sem = asyncio.Semaphore(concurrency)
    client_timeout = aiohttp.ClientTimeout(total=timeout, sock_connect=5)
    headers = {"User-Agent": "docs-linkaudit/0.4 (+https://example.org/docs)"}
    async with aiohttp.ClientSession(timeout=client_timeout, headers=headers) as session:
        tasks = [probe(session, sem, url) for url in links]
        return await asyncio.gather(*tasks)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", nargs="?", default="docs")
    parser.add_argument("-j", "--concurrency", type=int, default=8)
    parser.add_argument("--timeout", type=float, default=12.0)
    parser.add_argument("-o", "--output", default="linkaudit-report.json")
    parser.add_argument("--ignore", action="append", default=[], help="URL prefix to skip")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    links = gather_links(args.root)
    links = {u: refs for u, refs in links.items() if not any(u.startswith(p) for p in args.ignore)}
    logger.info("checking %d unique links", len(links))
    results = asyncio.run(run(list(links), args.concurrency, args.timeout))

    broken = []
    for url, status, error in results:
        if error or (status and status >= 400):
            broken.append({"url": url, "status": status, "error": error, "refs": links[url]})
            logger.warning("BROKEN %s (%s)", url, error or status)

    with open(args.output, "w", encoding="utf-8") as fh:
        json.dump({"checked": len(results), "broken": broken}, fh, indent=2)
    logger.info("%d broken of %d; report in %s", len(broken), len(results), args.output)
    raise SystemExit(1 if broken else 0)


if __name__ == "__main__":
    main()
