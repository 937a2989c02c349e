#!/usr/bin/env python3
"""Post finished pieces to the auction portal.

Reads listings.json (title, period, condition notes, reserve) from the
current directory and creates draft lots through the portal's REST API.
The API key comes from AUCTION_API_KEY and is only ever sent to the portal.
"""
import argparse
import asyncio
import json
import logging
import os
from dataclasses import dataclass, asdict, field
from pathlib import Path
from urllib import request, error

log = logging.getLogger("listings")

API_BASE = os.environ.get("AUCTION_API_BASE", "https://api.auction-portal.example.com/v2")


@dataclass
class Lot:
    title: str
    period: str
    condition: str
    reserve_gbp: int
    images: list = field(default_factory=list)
    category: str = "furniture"


def client(base, key):
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json",
               "User-Agent": "hv-restoration-lister/1.3"}

    def call(method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = request.Request(f"{base}{path}", data=data, method=method, headers=headers)
        with request.urlopen(req, timeout=20) as resp:
            return json.loads(resp.read() or b"{}")
    return call


def validators():
    return {
        "title": lambda lot: len(lot.title) >= 8,
        "reserve": lambda lot: lot.reserve_gbp > 0,
        "condition": lambda lot: bool(lot.condition.strip()),
    }


def load(path):
    rows = json.loads(Path(path).read_text())
    return [Lot(**row) for row in rows]


async def post_all(call, lots, dry_run):
    loop = asyncio.get_running_loop()
    checks = validators()
    results = []
    for lot in lots:
        failed = [name for name, ok in checks.items() if not ok(lot)]
        if failed:
            log.warning("skip %r: %s", lot.title, ", ".join(failed))
            continue
        if dry_run:
            log.info("would post %r", lot.title)
            continue
        try:
            created = await loop.run_in_executor(None, call, "POST", "/lots", asdict(lot))
            results.append(created.get("id"))
            log.info("posted %r as %s", lot.title, created.get("id"))
        except error.HTTPError as exc:
            log.error("%r rejected: %s", lot.title, exc.code)
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--file", default="listings.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    key = os.environ.get("AUCTION_API_KEY")
    if not key and not args.dry_run:
        raise SystemExit("AUCTION_API_KEY is not set")
    ids = asyncio.run(post_all(client(API_BASE, key), load(args.file), args.dry_run))
    Path("posted_ids.txt").write_text("\n".join(map(str, ids)) + "\n")


if __name__ == "__main__":
    main()
