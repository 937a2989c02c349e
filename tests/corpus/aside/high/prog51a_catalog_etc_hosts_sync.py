#!/usr/bin/env python3
"""Keep the machine's resolver in step with the service catalog.

Runs as a sidecar on build agents: every interval it pulls the catalog and
rewrites a managed block inside the system hosts file so that
<name>.service.local resolves without a local DNS server.
"""
import argparse
import asyncio
import logging
import os
from pathlib import Path

import aiohttp

log = logging.getLogger("hosts-sidecar")

DEFAULT_CATALOG = "http://127.0.0.1:8500/v1/catalog/services"
HOSTS_FILE = Path("/etc") / "hosts"
BEGIN = "# >>> catalog-managed >>>"
END = "# <<< catalog-managed <<<"


class CatalogClient:
    def __init__(self, base_url: str, timeout: float):
        self.base_url = base_url
        self._timeout = aiohttp.ClientTimeout(total=timeout)

    async def services(self, session: aiohttp.ClientSession) -> dict:
        async with session.get(self.base_url, timeout=self._timeout) as resp:
            resp.raise_for_status()
            return await resp.json()

    async def nodes(self, session: aiohttp.ClientSession, name: str) -> list:
        url = self.base_url.replace("/services", f"/service/{name}")
        async with session.get(url, timeout=self._timeout) as resp:
            if resp.status == 404:
                return []
            resp.raise_for_status()
            return await resp.json()


def splice(original: str, entries: dict[str, str]) -> str:
    kept, inside = [], False
    for line in original.splitlines():
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            kept.append(line)
    block = [BEGIN]
    block += [f"{ip}\t{host}.service.local" for host, ip in sorted(entries.items())]
    block.append(END)
    return "\n".join(kept + block) + "\n"


def replace_hosts(entries: dict[str, str]) -> bool:
    current = HOSTS_FILE.read_text()
    updated = splice(current, entries)
    if updated == current:
        return False
    staging = HOSTS_FILE.with_name(".hosts.catalog")
    staging.write_text(updated)
    os.chmod(staging, 0o644)
    os.replace(staging, HOSTS_FILE)
    return True


async def collect(client: CatalogClient) -> dict[str, str]:
    entries: dict[str, str] = {}
    async with aiohttp.ClientSession() as session:
        names = await client.services(session)
        results = await asyncio.gather(
            *(client.nodes(session, n) for n in names), return_exceptions=True
        )
        for name, result in zip(names, results):
            if isinstance(result, Exception):
                log.warning("skipping %s: %s", name, result)
                continue
            for node in result[:1]:
                entries[name] = node.get("ServiceAddress") or node.get("Address", "")
    return {k: v for k, v in entries.items() if v}


async def main_loop(args) -> None:
    client = CatalogClient(args.catalog, args.timeout)
    while True:
        try:
            entries = await collect(client)
            if await asyncio.to_thread(replace_hosts, entries):
                log.info("hosts file updated with %d entries", len(entries))
        except (aiohttp.ClientError, PermissionError) as exc:
            log.error("sync failed: %s", exc)
        if args.once:
            return
        await asyncio.sleep(args.interval)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--catalog", default=DEFAULT_CATALOG)
    p.add_argument("--interval", type=float, default=15.0)
    p.add_argument("--timeout", type=float, default=5.0)
    p.add_argument("--once", action="store_true")
    return p.parse_args()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    asyncio.run(main_loop(parse_args()))
