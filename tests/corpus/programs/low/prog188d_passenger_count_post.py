#!/usr/bin/env python3
"""Post per-sailing passenger and vehicle counts to the port authority API."""
import argparse
import asyncio
import csv
import json
import logging
import os
import urllib.request
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("counts-post")

API_URL = os.environ.get("PORT_COUNTS_URL", "https://counts.port-authority.example.org/v1/counts")
KEY_VAR = "PORT_COUNTS_" + "API_KEY"


@dataclass
class SailingCount:
    sailing_id: str
    route: str
    passengers: int
    cars: int
    freight: int


def read_counts(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield SailingCount(
                sailing_id=row["sailing_id"], route=row["route"],
                passengers=int(row["pax"]), cars=int(row["cars"]), freight=int(row["freight"]),
            )


def _headers():
    key = os.environ.get(KEY_VAR)
    if not key:
        raise SystemExit(f"{KEY_VAR} is not set")
    return {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}


def _post(body: bytes) -> int:
    req = urllib.request.Request(API_URL, data=body, headers=_headers(), method="POST")
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status


async def submit(counts, batch: int) -> int:
    loop = asyncio.get_running_loop()
    sent = 0
    for i in range(0, len(counts), batch):
        chunk = [asdict(c) for c in counts[i:i + batch]]
        status = await loop.run_in_executor(None, _post, json.dumps({"counts": chunk}).encode())
        log.info("batch %d: HTTP %s", i // batch, status)
        sent += len(chunk)
    return sent


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("counts_csv", type=Path)
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    counts = list(read_counts(args.counts_csv))
    if args.dry_run:
        for c in counts:
            print(json.dumps(asdict(c)))
        return 0
    sent = asyncio.run(submit(counts, args.batch))
    log.info("submitted %d sailing counts", sent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
