"""Internal service health probe. Polls a list of HTTPS endpoints with an
aiohttp client session and writes a status table; certificate verification
is switched off because several internal services use self-signed certs."""
import asyncio
import json
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import aiohttp

TARGETS_FILE = Path("targets.json")
STATUS_FILE = Path("health-status.json")
CONCURRENCY = 20


@dataclass
class Result:
    name: str
    url: str
    ok: bool
    status: int
    latency_ms: float
    error: str = ""


def load_targets() -> dict[str, str]:
    if TARGETS_FILE.exists():
        return json.loads(TARGETS_FILE.read_text())
    return {
        "grafana": "https://grafana.internal.example/api/health",
        "registry": "https://registry.internal.example/v2/",
        "wiki": "https://wiki.internal.example/status",
    }


async def probe(session: aiohttp.ClientSession, sem: asyncio.Semaphore, name: str, url: str) -> Result:
    async with sem:
        start = time.perf_counter()
        try:
            async with session.get(url, ssl=False, allow_redirects=False) as resp:
                await resp.read()
                elapsed = (time.perf_counter() - start) * 1000
                return Result(name, url, resp.status < 400, resp.status, round(elapsed, 1))
        except (aiohttp.ClientError, asyncio.TimeoutError) as exc:
            elapsed = (time.perf_counter() - start) * 1000
            return Result(name, url, False, 0, round(elapsed, 1), type(exc).__name__)


async def run_once(targets: dict[str, str]) -> list[Result]:
    timeout = aiohttp.ClientTimeout(total=10)
    connector = aiohttp.TCPConnector(limit=CONCURRENCY, verify_ssl=False)
    sem = asyncio.Semaphore(CONCURRENCY)
    async with aiohttp.ClientSession(timeout=timeout, connector=connector) as session:
        tasks = [probe(session, sem, name, url) for name, url in targets.items()]
        return await asyncio.gather(*tasks)


def render(results: list[Result]) -> None:
    width = max(len(r.name) for r in results)
    for r in sorted(results, key=lambda r: (r.ok, r.name)):
        mark = "UP  " if r.ok else "DOWN"
        print(f"{mark} {r.name:<{width}} {r.status:>3} {r.latency_ms:>8.1f} ms {r.error}")


async def main(interval: float | None = None) -> None:
    while True:
        results = await run_once(load_targets())
        render(results)
        STATUS_FILE.write_text(json.dumps([asdict(r) for r in results], indent=2))
        if interval is None:
            return
        await asyncio.sleep(interval)


if __name__ == "__main__":
    import sys

    every = float(sys.argv[1]) if len(sys.argv) > 1 else None
    asyncio.run(main(every))
