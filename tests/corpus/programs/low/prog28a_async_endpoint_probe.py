#!/usr/bin/env python3
"""Probe a list of HTTP endpoints concurrently and write a status report.

Endpoints are read from a plain text file (one URL per line). Each URL is
checked with a HEAD request first; servers that reject HEAD get a GET.
The report is written as JSON into the current working directory.
"""
import argparse
import asyncio
import json
import logging
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, asdict, field
from pathlib import Path
from typing import List, Optional

LOG = logging.getLogger("endpoint_probe")
USER_AGENT = "endpoint-probe/1.4 (+internal uptime dashboard)"


@dataclass
class ProbeResult:
    url: str
    method: str = "HEAD"
    status: Optional[int] = None
    elapsed_ms: float = 0.0
    error: Optional[str] = None
    headers: dict = field(default_factory=dict)

    @property
    def healthy(self) -> bool:
        return self.status is not None and 200 <= self.status < 400


def _blocking_request(url: str, method: str, timeout: float) -> ProbeResult:
    req = urllib.request.Request(url, method=method, headers={"User-Agent": USER_AGENT})
    started = time.perf_counter()
    result = ProbeResult(url=url, method=method)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            result.status = resp.status
            result.headers = {
                k: v for k, v in resp.headers.items()
                if k.lower() in ("server", "content-type", "cache-control")
            }
            if method == "GET":
                resp.read(2048)  # drain a little, we only care about liveness
    except urllib.error.HTTPError as exc:
        result.status = exc.code
        result.error = exc.reason if isinstance(exc.reason, str) else str(exc.reason)
    except (urllib.error.URLError, OSError) as exc:
        result.error = str(exc)
    result.elapsed_ms = round((time.perf_counter() - started) * 1000, 1)
    return result


async def probe(url: str, timeout: float, sem: asyncio.Semaphore) -> ProbeResult:
    async with sem:
        res = await asyncio.to_thread(_blocking_request, url, "HEAD", timeout)
        if res.status in (405, 501):
            LOG.debug("%s rejects HEAD, retrying with GET", url)
            res = await asyncio.to_thread(_blocking_request, url, "GET", timeout)
        LOG.info("%-50s %s %6.1fms", url, res.status or "ERR", res.elapsed_ms)
        return res


def load_urls(path: Path) -> List[str]:
    urls = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if not line.startswith(("http://", "https://")):
            LOG.warning("skipping non-http entry: %s", line)
            continue
        urls.append(line)
    return urls


async def run(urls: List[str], concurrency: int, timeout: float) -> List[ProbeResult]:
    sem = asyncio.Semaphore(concurrency)
    tasks = [asyncio.create_task(probe(u, timeout, sem)) for u in urls]
    results = await asyncio.gather(*tasks, return_exceptions=True)
    cleaned = []
    for url, item in zip(urls, results):
        if isinstance(item, BaseException):
            cleaned.append(ProbeResult(url=url, error=repr(item)))
        else:
            cleaned.append(item)
    return cleaned


def write_report(results: List[ProbeResult], out: Path) -> None:
    payload = {
        "generated_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "total": len(results),
        "healthy": sum(1 for r in results if r.healthy),
        "results": [asdict(r) | {"healthy": r.healthy} for r in results],
    }
    out.write_text(json.dumps(payload, indent=2), encoding="utf-8")
    LOG.info("report written to %s", out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("url_file", type=Path)
    ap.add_argument("-c", "--concurrency", type=int, default=8)
    ap.add_argument("-t", "--timeout", type=float, default=5.0)
    ap.add_argument("-o", "--output", default="probe-report.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    urls = load_urls(args.url_file)
    if not urls:
        LOG.error("no URLs to probe")
        return 2
    results = asyncio.run(run(urls, args.concurrency, args.timeout))
    write_report(results, Path.cwd() / Path(args.output).name)
    return 0 if all(r.healthy for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
