#!/usr/bin/env python3
"""Push cottage availability to the channel manager.

Reads the local availability sheet (CSV exported from the farm diary) and
posts the open nights for each cottage to the channel manager's API, which
fans it out to the booking sites.
"""
import argparse
import asyncio
import csv
import importlib
import json
import logging
import os
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("availability")


@dataclass
class ChannelManager:
    base: str = os.environ.get("CM_API", "https://api.channels.example.com/v1")
    key_var: str = "CM_API_KEY"

    def headers(self):
        return {
            "Authorization": f"Bearer {os.environ[self.key_var]}",
            "Content-Type": "application/json",
        }

    def endpoint(self, property_id):
        return f"{self.base}/properties/{property_id}/availability"


def read_sheet(path: Path):
    open_nights = defaultdict(list)
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("status", "").strip().lower() == "open":
                open_nights[row["property_id"]].append(
                    {"date": row["date"], "rate_gbp": float(row.get("rate", 0) or 0)})
    return open_nights


def _post(cm: ChannelManager, property_id, nights):
    req_mod = importlib.import_module("urllib.request")
    body = json.dumps({"nights": nights, "source": "farm-diary"}).encode()
    req = req_mod.Request(cm.endpoint(property_id), data=body, headers=cm.headers(), method="PUT")
    with getattr(req_mod, "urlopen")(req, timeout=20) as resp:
        return resp.status


async def push_all(cm, sheet):
    loop = asyncio.get_running_loop()
    jobs = {pid: loop.run_in_executor(None, _post, cm, pid, nights) for pid, nights in sheet.items()}
    results = {}
    for pid, fut in jobs.items():
        try:
            results[pid] = await fut
        except OSError as exc:
            results[pid] = f"error: {exc}"
    return results


def main():
    ap = argparse.ArgumentParser(description="push availability to the channel manager")
    ap.add_argument("--sheet", default="availability.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cm = ChannelManager()
    if cm.key_var not in os.environ:
        log.error("%s is not set", cm.key_var)
        return 1
    sheet = read_sheet(Path(args.sheet))
    results = asyncio.run(push_all(cm, sheet))
    for pid, status in results.items():
        log.info("property %s -> %s", pid, status)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
