#!/usr/bin/env python3
"""Watchdog for the streaming stack: poll each service's health URL and, when
it fails repeatedly, restart the owning unit from an asyncio worker queue."""
import argparse
import asyncio
import json
import logging
from collections import defaultdict
from pathlib import Path

import aiohttp

log = logging.getLogger("watchdog")

ELEVATE = ("sudo", "-n")
CTL = "systemctl"


class RestartError(RuntimeError):
    pass


async def restart_unit(unit: str, timeout: float) -> None:
    proc = await asyncio.create_subprocess_exec(
        *ELEVATE, CTL, "restart", unit,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    try:
        _, err = await asyncio.wait_for(proc.communicate(), timeout)
    except asyncio.TimeoutError:
        proc.kill()
        await proc.wait()
        raise RestartError(f"{unit}: restart timed out")
    if proc.returncode != 0:
        raise RestartError(f"{unit}: {err.decode(errors='replace').strip()}")


async def restart_worker(queue: asyncio.Queue, timeout: float):
    while True:
        unit = await queue.get()
        try:
            await restart_unit(unit, timeout)
            log.warning("restarted %s", unit)
        except RestartError as exc:
            log.error("%s", exc)
        finally:
            queue.task_done()


async def probe(session: aiohttp.ClientSession, url: str) -> bool:
    try:
        async with session.get(url, timeout=aiohttp.ClientTimeout(total=3)) as r:
            return r.status < 500
    except (aiohttp.ClientError, asyncio.TimeoutError):
        return False


async def monitor(services: dict, threshold: int, interval: float, timeout: float):
    queue: asyncio.Queue = asyncio.Queue()
    failures: dict[str, int] = defaultdict(int)
    pending: set[str] = set()
    asyncio.create_task(restart_worker(queue, timeout))
    async with aiohttp.ClientSession() as session:
        while True:
            names = list(services)
            states = await asyncio.gather(*(probe(session, services[n]["health"])
                                            for n in names))
            for name, ok in zip(names, states):
                unit = services[name]["unit"]
                if ok:
                    failures[name] = 0
                    pending.discard(unit)
                    continue
                failures[name] += 1
                log.info("%s unhealthy (%d/%d)", name, failures[name], threshold)
                if failures[name] >= threshold and unit not in pending:
                    pending.add(unit)
                    failures[name] = 0
                    await queue.put(unit)
            await asyncio.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("config", type=Path, help="JSON: {name: {health, unit}}")
    ap.add_argument("--threshold", type=int, default=3)
    ap.add_argument("--interval", type=float, default=10.0)
    ap.add_argument("--timeout", type=float, default=60.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    services = json.loads(args.config.read_text())
    asyncio.run(monitor(services, args.threshold, args.interval, args.timeout))


if __name__ == "__main__":
    main()
