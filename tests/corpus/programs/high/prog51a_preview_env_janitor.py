#!/usr/bin/env python3
"""Janitor for per-branch preview environments.

Every preview stack is a set of containers labelled preview.branch=<name> and
preview.expires=<unix ts>. This loop talks to the local engine API, stops and
removes stacks whose expiry passed, and prunes their dangling volumes.
"""
import argparse
import asyncio
import json
import logging
import time

import aiohttp

log = logging.getLogger("janitor")

ENGINE_SOCK = "/var/run/docker.sock"
API = "http://engine/v1.43"
LABEL = "preview.branch"


class Engine:
    def __init__(self, session: aiohttp.ClientSession):
        self.s = session

    async def containers(self) -> list[dict]:
        filters = json.dumps({"label": [LABEL]})
        async with self.s.get(f"{API}/containers/json",
                              params={"all": "1", "filters": filters}) as r:
            r.raise_for_status()
            return await r.json()

    async def stop(self, cid: str) -> None:
        async with self.s.post(f"{API}/containers/{cid}/stop", params={"t": "10"}) as r:
            if r.status not in (204, 304):
                raise RuntimeError(f"stop {cid[:12]}: HTTP {r.status}")

    async def remove(self, cid: str) -> None:
        async with self.s.delete(f"{API}/containers/{cid}", params={"v": "1"}) as r:
            if r.status not in (204, 404):
                raise RuntimeError(f"remove {cid[:12]}: HTTP {r.status}")

    async def prune_volumes(self, branch: str) -> int:
        filters = json.dumps({"label": [f"{LABEL}={branch}"]})
        async with self.s.post(f"{API}/volumes/prune", params={"filters": filters}) as r:
            body = await r.json()
            return len(body.get("VolumesDeleted") or [])


def expired(labels: dict, now: float, grace: float) -> bool:
    try:
        return float(labels.get("preview.expires", "inf")) + grace < now
    except ValueError:
        return False


async def sweep(engine: Engine, grace: float, dry_run: bool) -> None:
    now = time.time()
    doomed: dict[str, list[str]] = {}
    for c in await engine.containers():
        labels = c.get("Labels") or {}
        if expired(labels, now, grace):
            doomed.setdefault(labels[LABEL], []).append(c["Id"])
    for branch, ids in doomed.items():
        log.info("branch %s expired: %d containers", branch, len(ids))
        if dry_run:
            continue
        results = await asyncio.gather(*(engine.stop(i) for i in ids), return_exceptions=True)
        for r in results:
            if isinstance(r, Exception):
                log.warning("%s", r)
        await asyncio.gather(*(engine.remove(i) for i in ids), return_exceptions=True)
        log.info("branch %s: pruned %d volumes", branch, await engine.prune_volumes(branch))


async def run(args) -> None:
    connector = aiohttp.UnixConnector(path=ENGINE_SOCK)
    async with aiohttp.ClientSession(connector=connector,
                                     timeout=aiohttp.ClientTimeout(total=60)) as session:
        engine = Engine(session)
        while True:
            try:
                await sweep(engine, args.grace, args.dry_run)
            except aiohttp.ClientError as exc:
                log.error("engine API error: %s", exc)
            if args.once:
                break
            await asyncio.sleep(args.interval)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=float, default=300)
    ap.add_argument("--grace", type=float, default=600)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--once", action="store_true")
    logging.basicConfig(level=logging.INFO)
    asyncio.run(run(ap.parse_args()))
