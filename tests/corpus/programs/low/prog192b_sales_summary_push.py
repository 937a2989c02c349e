#!/usr/bin/env python3
"""Pushes the nightly taproom sales summary to the bookkeeping service.

Reads the till's end-of-day CSV from the working directory, totals sales
per product category and posts the summary to the bookkeeping API with the
API key from the environment.
"""
import argparse
import asyncio
import csv
import json
import logging
import os
import urllib.request
from collections import Counter
from dataclasses import dataclass
from datetime import date
from pathlib import Path

log = logging.getLogger("salespush")


@dataclass(frozen=True)
class Books:
    base: str = os.environ.get("BOOKS_API_BASE", "https://api.bookkeeping.example.com")
    key_var: str = "BOOKS_API_KEY"

    def key(self) -> str:
        value = os.environ.get(self.key_var, "")
        if not value:
            raise SystemExit(f"{self.key_var} is not set")
        return value

    def post(self, path: str, body: dict) -> int:
        req = urllib.request.Request(
            self.base.rstrip("/") + path,
            data=json.dumps(body).encode(),
            method="POST",
            headers={"Authorization": f"Bearer {self.key()}",
                     "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status


def totals(eod: Path) -> dict:
    by_cat = Counter()
    covers = 0
    with eod.open(newline="") as fh:
        for row in csv.DictReader(fh):
            by_cat[row.get("category", "other")] += round(float(row["net"]) * 100)
            covers += int(row.get("qty", 1))
    return {"categories": {k: v / 100 for k, v in by_cat.items()},
            "net_total": sum(by_cat.values()) / 100, "items": covers}


async def push(books: Books, summary: dict, day: str, dry: bool) -> None:
    body = {"date": day, "location": "orchard-lane-taproom", **summary}
    if dry:
        log.info("dry run: %s", json.dumps(body))
        return
    status = await asyncio.to_thread(books.post, "/v2/daily-sales", body)
    log.info("bookkeeping accepted summary for %s (HTTP %s)", day, status)


def main() -> None:
    ap = argparse.ArgumentParser(description="Send the end-of-day sales summary")
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--eod", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    eod = args.eod or Path(f"eod_{args.day}.csv")
    if not eod.exists():
        raise SystemExit(f"no end-of-day file {eod}")
    summary = totals(eod)
    log.info("%s: net %.2f across %d items", args.day, summary["net_total"], summary["items"])
    asyncio.run(push(Books(), summary, args.day, args.dry_run))
    Path(f"eod_{args.day}.sent.json").write_text(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
