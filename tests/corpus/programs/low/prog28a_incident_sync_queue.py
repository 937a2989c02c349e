#!/usr/bin/env python3
"""Push open incidents from a local JSON export to the PagerTrack REST API.

Incidents are placed on an asyncio.Queue and drained by a small number of
consumer tasks. Each consumer posts one incident as JSON, authenticating
with the API token taken from PAGERTRACK_TOKEN. The token is only ever sent
to the PagerTrack API host, never logged and never written to disk.
"""
import argparse
import asyncio
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

API_BASE = "https://api.pagertrack.io/v2"
log = logging.getLogger("incident-sync")


class ApiClient:
    def __init__(self, token: str, timeout: float = 10.0):
        self._token = token
        self._timeout = timeout

    def _post(self, path: str, body: dict) -> int:
        data = json.dumps(body).encode("utf-8")
        req = urllib.request.Request(
            f"{API_BASE}{path}",
            data=data,
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {self._token}",
            },
        )
        try:
            with urllib.request.urlopen(req, timeout=self._timeout) as resp:
                return resp.status
        except urllib.error.HTTPError as exc:
            return exc.code

    async def create_incident(self, incident: dict) -> int:
        body = {
            "title": incident["title"][:200],
            "severity": incident.get("severity", "sev3"),
            "service": incident.get("service", "unknown"),
            "external_id": incident["id"],
        }
        return await asyncio.to_thread(self._post, "/incidents", body)


async def consumer(name: str, q: asyncio.Queue, client: ApiClient, stats: dict) -> None:
    while True:
        incident = await q.get()
        try:
            for attempt in range(1, 4):
                status = await client.create_incident(incident)
                if status in (200, 201, 409):
                    stats["ok"] += 1
                    log.info("[%s] %s -> %s", name, incident["id"], status)
                    break
                if status == 429 or status >= 500:
                    await asyncio.sleep(2 ** attempt)
                    continue
                stats["failed"] += 1
                log.warning("[%s] %s rejected with %s", name, incident["id"], status)
                break
        except Exception:  # keep the worker alive on a single bad item
            stats["failed"] += 1
            log.exception("[%s] error while syncing %s", name, incident.get("id"))
        finally:
            q.task_done()


def read_incidents(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    for item in data.get("incidents", []):
        if item.get("state") == "open" and "id" in item and "title" in item:
            yield item


async def main_async(args) -> dict:
    token = os.environ.get("PAGERTRACK_TOKEN")
    if not token:
        raise SystemExit("PAGERTRACK_TOKEN is not set")
    client = ApiClient(token, timeout=args.timeout)
    q: asyncio.Queue = asyncio.Queue(maxsize=100)
    stats = {"ok": 0, "failed": 0}
    workers = [asyncio.create_task(consumer(f"w{i}", q, client, stats)) for i in range(args.workers)]
    for incident in read_incidents(args.export):
        await q.put(incident)
    await q.join()
    for w in workers:
        w.cancel()
    await asyncio.gather(*workers, return_exceptions=True)
    return stats


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", type=Path, help="incidents.json exported from the monitoring tool")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--timeout", type=float, default=10.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    stats = asyncio.run(main_async(args))
    log.info("done: %(ok)d synced, %(failed)d failed", stats)
    return 1 if stats["failed"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
