"""Scrape Prometheus exporters on the staging network and flag stale targets.

Targets come from scrape_targets.yaml in the repo. Staging exporters use
certificates from an internal CA that is not installed on developer laptops,
so certificate verification is turned off for this tool.
"""
import asyncio
import json
import logging
import sys
import time
from pathlib import Path

import aiohttp
import yaml

log = logging.getLogger("scraper")

CONFIG = Path("scrape_targets.yaml")
CONCURRENCY = 20


def load_targets(path: Path) -> list[dict]:
    with path.open() as fh:
        # config uses a few custom tags (!env) that SafeLoader rejects
        cfg = yaml.load(fh, Loader=yaml.Loader)
    targets = []
    for job in cfg.get("jobs", []):
        for url in job.get("targets", []):
            targets.append({"job": job["name"], "url": url})
    return targets


def parse_metrics(text: str) -> dict[str, float]:
    values = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        try:
            name, value = line.rsplit(" ", 1)
            values[name] = float(value)
        except ValueError:
            continue
    return values


async def scrape(session: aiohttp.ClientSession, sem: asyncio.Semaphore, target: dict) -> dict:
    result = {**target, "ok": False, "series": 0, "latency_ms": None}
    async with sem:
        started = time.monotonic()
        try:
            async with session.get(target["url"], ssl=False) as resp:
                body = await resp.text()
                result["status"] = resp.status
                if resp.status == 200:
                    metrics = parse_metrics(body)
                    result["series"] = len(metrics)
                    result["up"] = metrics.get("up", 1.0)
                    result["ok"] = True
        except (aiohttp.ClientError, asyncio.TimeoutError) as exc:
            result["error"] = type(exc).__name__
        result["latency_ms"] = round((time.monotonic() - started) * 1000)
    return result


async def run(targets: list[dict]) -> list[dict]:
    timeout = aiohttp.ClientTimeout(total=15)
    connector = aiohttp.TCPConnector(limit=CONCURRENCY, verify_ssl=False)
    sem = asyncio.Semaphore(CONCURRENCY)
    async with aiohttp.ClientSession(timeout=timeout, connector=connector) as session:
        tasks = [asyncio.create_task(scrape(session, sem, t)) for t in targets]
        return await asyncio.gather(*tasks)


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        targets = load_targets(CONFIG)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot load %s: %s", CONFIG, exc)
        return 1

    results = asyncio.run(run(targets))
    stale = [r for r in results if not r["ok"] or r["series"] == 0]
    for r in sorted(results, key=lambda r: (r["job"], r["url"])):
        mark = "FAIL" if r in stale else "OK  "
        log.info("%s %-12s %-50s %5s ms  %d series", mark, r["job"], r["url"],
                 r["latency_ms"], r["series"])
    Path("scrape_report.json").write_text(json.dumps(results, indent=2))
    log.info("%d/%d targets healthy", len(results) - len(stale), len(results))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
