#!/usr/bin/env python3
"""Sync new season-pass holders from the office spreadsheet export to the
access-control API so their cards open the turnstiles on day one.
"""
import argparse
import asyncio
import csv
import json
import logging
import os
import urllib.request
from dataclasses import dataclass, asdict
from functools import partial
from pathlib import Path

log = logging.getLogger("pass-sync")

API = os.environ.get("ACCESS_API", "https://access.resort.example.com/v3")


@dataclass
class PassHolder:
    card_uid: str
    first_name: str
    last_name: str
    product: str
    valid_from: str
    valid_to: str


def read_export(path: Path) -> list:
    with path.open(newline="", encoding="utf-8") as fh:
        return [PassHolder(**{k: row[k].strip() for k in PassHolder.__dataclass_fields__}) for row in csv.DictReader(fh)]


def _auth_header() -> dict:
    token = os.environ["ACCESS_API_TOKEN"]
    return {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}


def post_holder(holder: PassHolder, dry_run: bool) -> int:
    body = json.dumps({"card": holder.card_uid, "holder": asdict(holder)}).encode()
    if dry_run:
        log.info("dry-run %s", holder.card_uid)
        return 0
    req = urllib.request.Request(f"{API}/passes", data=body, headers=_auth_header(), method="POST")
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


async def sync(holders: list, dry_run: bool, concurrency: int) -> dict:
    loop = asyncio.get_running_loop()
    sem = asyncio.Semaphore(concurrency)
    outcome = {"ok": 0, "failed": []}

    async def one(h: PassHolder):
        async with sem:
            try:
                await loop.run_in_executor(None, partial(post_holder, h, dry_run))
                outcome["ok"] += 1
            except Exception as exc:
                log.warning("%s failed: %s", h.card_uid, exc)
                outcome["failed"].append(h.card_uid)

    await asyncio.gather(*(one(h) for h in holders))
    return outcome


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", type=Path, help="CSV export from the pass office")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--concurrency", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    holders = read_export(args.export)
    log.info("%d pass holders in %s", len(holders), args.export.name)
    result = asyncio.run(sync(holders, args.dry_run, args.concurrency))
    Path("pass_sync_failed.json").write_text(json.dumps(result["failed"]))
    log.info("synced %d, failed %d", result["ok"], len(result["failed"]))


if __name__ == "__main__":
    main()
