#!/usr/bin/env python3
"""Fuel tank level poller.

Polls the tank gauge gateway for ullage and water levels, appends them to a
CSV in the working directory and warns when a delivery should be ordered.
"""
import argparse
import asyncio
import csv
import hashlib
import importlib
import json
import logging
import os
from dataclasses import dataclass, asdict
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("tank-poll")

GATEWAY = os.environ.get("ATG_GATEWAY", "http://192.0.2.15:8080")
SITE_ID = os.environ.get("SITE_ID", "MSA-M6-J32-NB")
CACHE_DIR = Path("./.tank_cache")


@dataclass
class TankLevel:
    tank: str
    grade: str
    volume_l: float
    ullage_l: float
    water_mm: float
    read_at: str


def _http():
    return importlib.import_module("urllib.request")


def cache_key(url: str) -> Path:
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def fetch(url: str) -> dict:
    key = cache_key(url)
    with _http().urlopen(url, timeout=10) as resp:
        body = resp.read()
    CACHE_DIR.mkdir(exist_ok=True)
    key.write_bytes(body)
    return json.loads(body)


async def poll_tank(tank: str) -> TankLevel:
    url = f"{GATEWAY}/api/tanks/{tank}/level"
    data = await asyncio.to_thread(fetch, url)
    return TankLevel(
        tank=tank,
        grade=data.get("product", "?"),
        volume_l=float(data.get("volume", 0)),
        ullage_l=float(data.get("ullage", 0)),
        water_mm=float(data.get("water", 0)),
        read_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
    )


def write_csv(levels, out: Path):
    new = not out.exists()
    with out.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(asdict(levels[0]).keys()))
        if new:
            writer.writeheader()
        writer.writerows(asdict(l) for l in levels)


def write_json(levels, out: Path):
    out.with_suffix(".json").write_text(json.dumps([asdict(l) for l in levels], indent=2))


WRITERS = {"csv": write_csv, "json": write_json}


def check_reorder(level: TankLevel, capacity: float, threshold: float):
    pct = level.volume_l / capacity * 100 if capacity else 0
    if pct < threshold:
        log.warning("%s tank %s (%s) at %.0f%% - order delivery", SITE_ID, level.tank, level.grade, pct)
    if level.water_mm > 25:
        log.warning("tank %s water %.0fmm above limit", level.tank, level.water_mm)


def clear_cache():
    for stale in CACHE_DIR.glob("*.json"):
        stale.unlink()


async def run(args):
    levels = await asyncio.gather(*(poll_tank(t) for t in args.tanks))
    for level in levels:
        check_reorder(level, args.capacity, args.reorder_pct)
    WRITERS[args.format](list(levels), args.out)
    log.info("recorded %d tanks to %s", len(levels), args.out)


def main():
    parser = argparse.ArgumentParser(description="Poll ATG tank levels")
    parser.add_argument("tanks", nargs="*", default=["T1", "T2", "T3", "T4"])
    parser.add_argument("--out", type=Path, default=Path("./tank_levels.csv"))
    parser.add_argument("--format", choices=list(WRITERS), default="csv")
    parser.add_argument("--capacity", type=float, default=45000.0)
    parser.add_argument("--reorder-pct", type=float, default=30.0)
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if args.clear_cache:
        clear_cache()
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
