#!/usr/bin/env python3
"""Loom status report.

Polls each loom controller's status page on the shed network and posts a
one-line-per-loom summary to the mill's production API.
"""
import argparse
import asyncio
import json
import logging
import os
import urllib.error
import urllib.request
from dataclasses import dataclass, asdict

log = logging.getLogger("loom-status")

LOOMS = {
    "L01": "192.0.2.31",
    "L02": "192.0.2.32",
    "L03": "192.0.2.33",
    "L04": "192.0.2.34",
}
API_URL = os.environ.get("MILL_API_URL", "https://api.example.com/v1/production/looms")


@dataclass
class LoomStatus:
    loom: str
    state: str = "unknown"
    picks_per_min: int = 0
    warp_left_m: float = 0.0
    error: str = ""


def http_get(url, timeout):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.loads(resp.read().decode("utf-8"))


def http_post_json(url, body, key, timeout):
    req = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "X-Api-Key": key},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


async def poll(loom, addr, timeout):
    url = f"http://{addr}/status.json"
    try:
        doc = await asyncio.to_thread(http_get, url, timeout)
    except (urllib.error.URLError, OSError, ValueError) as exc:
        return LoomStatus(loom, error=str(exc))
    return LoomStatus(
        loom,
        state=doc.get("state", "unknown"),
        picks_per_min=int(doc.get("ppm", 0)),
        warp_left_m=float(doc.get("warp_remaining_m", 0.0)),
    )


async def gather_all(timeout):
    tasks = [poll(name, addr, timeout) for name, addr in LOOMS.items()]
    return await asyncio.gather(*tasks)


def print_table(rows):
    for r in rows:
        flag = f"  !! {r.error}" if r.error else ""
        print(f"{r.loom}  {r.state:<10} {r.picks_per_min:>4} ppm  {r.warp_left_m:>7.1f} m warp{flag}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--no-post", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    rows = asyncio.run(gather_all(args.timeout))
    print_table(rows)
    if args.no_post:
        return
    key = os.environ.get("MILL_API_KEY")
    if not key:
        log.warning("MILL_API_KEY not set; not posting")
        return
    status = http_post_json(API_URL, {"shed": "north", "looms": [asdict(r) for r in rows]}, key, args.timeout)
    log.info("production API answered %s", status)


if __name__ == "__main__":
    main()
