#!/usr/bin/env python3
"""Watch local service health endpoints and restart units that stop answering.

A producer task polls each service's /healthz endpoint. Services that fail
more than `max_failures` consecutive checks are put on a restart queue;
a single consumer task drains the queue and restarts the systemd unit via
sudo, then waits for the cooldown before the service is checked again.
Configuration is a JSON file mapping unit names to health URLs.
"""
import argparse
import asyncio
import json
import logging
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict

log = logging.getLogger("svc-watchdog")
RESTART_CMD = ("sudo", "-n", "systemctl", "restart")


@dataclass
class Watched:
    unit: str
    url: str
    failures: int = 0
    cooling_until: float = 0.0
    restarts: int = field(default=0)


def http_ok(url: str, timeout: float) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return 200 <= resp.status < 300
    except (urllib.error.URLError, OSError):
        return False


async def restart_unit(unit: str) -> bool:
    proc = await asyncio.create_subprocess_exec(
        *RESTART_CMD, unit,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await proc.communicate()
    if proc.returncode != 0:
        log.error("restart of %s failed (%s): %s", unit, proc.returncode, out.decode().strip())
        return False
    return True


async def restarter(q: "asyncio.Queue[Watched]", cooldown: float, dry_run: bool) -> None:
    while True:
        svc = await q.get()
        try:
            if dry_run:
                log.warning("[dry-run] would restart %s", svc.unit)
            elif await restart_unit(svc.unit):
                svc.restarts += 1
                log.warning("restarted %s (total %d)", svc.unit, svc.restarts)
            svc.failures = 0
            svc.cooling_until = time.monotonic() + cooldown
        finally:
            q.task_done()


async def checker(services: Dict[str, Watched], q: asyncio.Queue, interval: float,
                  max_failures: int, timeout: float) -> None:
    queued = set()
    while True:
        now = time.monotonic()
        checks = {
            name: asyncio.create_task(asyncio.to_thread(http_ok, svc.url, timeout))
            for name, svc in services.items()
            if now >= svc.cooling_until and name not in queued
        }
        for name, task in checks.items():
            svc = services[name]
            if await task:
                svc.failures = 0
                continue
            svc.failures += 1
            log.info("%s unhealthy (%d/%d)", name, svc.failures, max_failures)
            if svc.failures >= max_failures:
                queued.add(name)
                await q.put(svc)
        await q.join()
        queued.clear()
        await asyncio.sleep(interval)


def load_config(path: Path) -> Dict[str, Watched]:
    raw = json.loads(path.read_text())
    services = {}
    for unit, url in raw.get("services", {}).items():
        if not unit.endswith(".service"):
            unit += ".service"
        services[unit] = Watched(unit=unit, url=url)
    return services


async def main_async(args) -> None:
    services = load_config(args.config)
    if not services:
        raise SystemExit("no services configured")
    q: asyncio.Queue = asyncio.Queue()
    consumer = asyncio.create_task(restarter(q, args.cooldown, args.dry_run))
    try:
        await checker(services, q, args.interval, args.max_failures, args.timeout)
    finally:
        consumer.cancel()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path("watchdog.json"))
    ap.add_argument("--interval", type=float, default=15.0)
    ap.add_argument("--timeout", type=float, default=3.0)
    ap.add_argument("--max-failures", type=int, default=3)
    ap.add_argument("--cooldown", type=float, default=120.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        asyncio.run(main_async(args))
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
