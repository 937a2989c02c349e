#!/usr/bin/env python3
"""Raise maintenance tickets for lock defects in the asset system.

Keepers note defects (leaking gate, stiff paddle, missing ladder rung) in a
JSON file during their shift; this posts each one to the asset management
API and records the ticket number next to it.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("maint-tickets")

API_BASE = os.environ.get("ASSET_API", "https://assets.example.org/api/v2")
API_KEY_VAR = "ASSET_API_KEY"


@dataclass
class Defect:
    lock_id: str
    asset: str
    summary: str
    severity: str = "routine"
    reported_by: str = ""
    ticket: str = ""


SEVERITY_PRIORITY = {"urgent": 1, "soon": 2, "routine": 3}


def with_api(fn):
    """Inject the HTTP module and the key for the asset API."""
    http = importlib.import_module("urllib.request")
    key = os.environ.get(API_KEY_VAR)

    def wrapper(*args, **kwargs):
        if not key:
            raise SystemExit(f"{API_KEY_VAR} is not set")
        return fn(http, key, *args, **kwargs)
    return wrapper


@with_api
def post_ticket(http, key, defect: Defect) -> str:
    body = {
        "site": defect.lock_id,
        "asset": defect.asset,
        "title": defect.summary,
        "priority": SEVERITY_PRIORITY.get(defect.severity, 3),
        "reporter": defect.reported_by,
    }
    req = http.Request(f"{API_BASE}/tickets", data=json.dumps(body).encode(), method="POST",
                       headers={"Authorization": f"Bearer {key}",
                                "Content-Type": "application/json"})
    with http.urlopen(req, timeout=20) as resp:
        return json.load(resp)["ticket_id"]


async def raise_all(defects, limit: int):
    loop = asyncio.get_running_loop()
    sem = asyncio.Semaphore(limit)

    async def one(d: Defect):
        async with sem:
            try:
                d.ticket = await loop.run_in_executor(None, post_ticket, d)
                log.info("%s %s -> %s", d.lock_id, d.asset, d.ticket)
            except OSError as exc:
                log.error("%s %s failed: %s", d.lock_id, d.asset, exc)

    await asyncio.gather(*(one(d) for d in defects if not d.ticket))


def load(path: Path):
    return [Defect(**row) for row in json.loads(path.read_text())]


def save(path: Path, defects):
    path.write_text(json.dumps([asdict(d) for d in defects], indent=2))


def main():
    ap = argparse.ArgumentParser(description="post lock defects as tickets")
    ap.add_argument("defects", type=Path, nargs="?", default=Path("defects_today.json"))
    ap.add_argument("--parallel", type=int, default=3)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    defects = load(args.defects)
    pending = [d for d in defects if not d.ticket]
    log.info("%d defects, %d without tickets", len(defects), len(pending))
    if args.dry_run:
        for d in pending:
            print(f"{d.lock_id:14} {d.severity:8} {d.asset}: {d.summary}")
        return
    asyncio.run(raise_all(defects, args.parallel))
    save(args.defects, defects)


if __name__ == "__main__":
    main()
