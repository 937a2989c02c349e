#!/usr/bin/env python3
"""Concurrent HEAD probe for a list of service endpoints.

Uses raw asyncio streams instead of an HTTP client library so it can run in
minimal containers.  Results are written to a JSON report in the working dir.
"""
import argparse
import asyncio
import json
import logging
import ssl
import time
from urllib.parse import urlsplit

log = logging.getLogger("headprobe")

DEFAULT_TARGETS = [
    "https://www.python.org/",
    "https://pypi.org/simple/",
    "https://docs.github.com/",
]


class ProbeResult:
    __slots__ = ("url", "status", "elapsed_ms", "server", "error")

    def __init__(self, url):
        self.url = url
        self.status = None
        self.elapsed_ms = None
        self.server = None
        self.error = None

    def as_dict(self):
        return {k: getattr(self, k) for k in self.__slots__}


async def head_once(url, timeout, ctx):
    result = ProbeResult(url)
    parts = urlsplit(url)
    secure = parts.scheme == "https"
    port = parts.port or (443 if secure else 80)
    path = parts.path or "/"
    started = time.perf_counter()
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(parts.hostname, port,
                                    ssl=ctx if secure else None),
            timeout,
        )
        request = (
            f"HEAD {path} HTTP/1.1\r\n"
            f"Host: {parts.hostname}\r\n"
            "User-Agent: headprobe/1.2\r\n"
            "Connection: close\r\n\r\n"
        )
        writer.write(request.encode("ascii"))
        await writer.drain()
        status_line = await asyncio.wait_for(reader.readline(), timeout)
        result.status = int(status_line.split()[1])
        while True:
            line = await asyncio.wait_for(reader.readline(), timeout)
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            if name.strip().lower() == "server":
                result.server = value.strip()
        writer.close()
        await writer.wait_closed()
    except (OSError, asyncio.TimeoutError, ValueError, IndexError) as exc:
        result.error = f"{type(exc).__name__}: {exc}"
    result.elapsed_ms = round((time.perf_counter() - started) * 1000, 1)
    return result


async def run(targets, timeout, concurrency):
    ctx = ssl.create_default_context()
    sem = asyncio.Semaphore(concurrency)

    async def guarded(u):
        async with sem:
            return await head_once(u, timeout, ctx)

    return await asyncio.gather(*(guarded(t) for t in targets))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("targets", nargs="*", default=DEFAULT_TARGETS)
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--concurrency", type=int, default=8)
    ap.add_argument("--report", default="headprobe_report.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    results = asyncio.run(run(args.targets, args.timeout, args.concurrency))
    for r in results:
        if r.error:
            log.warning("%s -> %s", r.url, r.error)
        else:
            log.info("%s -> %s in %.1f ms", r.url, r.status, r.elapsed_ms)
    with open(args.report, "w", encoding="utf-8") as fh:
        json.dump([r.as_dict() for r in results], fh, indent=2)
    log.info("report written to %s", args.report)


if __name__ == "__main__":
    main()
