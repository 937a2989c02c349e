#!/usr/bin/env python3
"""Plan intertidal harvest windows for the coming week.

Fetches high/low tide predictions for the lease station, finds the low
tides that fall in daylight and are low enough to work the bottom-culture
racks, and writes a crew schedule CSV.
"""
import argparse
import asyncio
import csv
import importlib
import json
import logging
import os
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("tide-planner")


@dataclass
class Station:
    ident: str = os.environ.get("TIDE_STATION", "9440000")
    host: str = os.environ.get("TIDE_API_HOST", "tides.example.gov")

    def url(self, start, days):
        return (f"https://{self.host}/api/predictions?station={self.ident}"
                f"&begin={start:%Y%m%d}&range={days * 24}&interval=hilo&units=metric&format=json")


def _fetcher():
    req = importlib.import_module("urllib.request")
    opener = getattr(req, "urlopen")

    def fetch(url):
        with opener(url, timeout=20) as resp:
            return json.load(resp)

    return fetch


async def predictions(station: Station, start, days):
    fetch = _fetcher()
    data = await asyncio.to_thread(fetch, station.url(start, days))
    for p in data.get("predictions", []):
        yield datetime.strptime(p["t"], "%Y-%m-%d %H:%M"), float(p["v"]), p["type"]


def in_daylight(ts: datetime, dawn=6, dusk=19):
    return dawn <= ts.hour < dusk


def window(ts: datetime, height, max_height):
    # roughly 90 minutes of workable exposure either side of a good low
    spread = timedelta(minutes=90 if height < max_height / 2 else 60)
    return ts - spread, ts + spread


RULES = {
    "L": lambda ts, h, cfg: h <= cfg.max_height and in_daylight(ts),
    "H": lambda ts, h, cfg: False,
}


async def plan(station, cfg):
    rows = []
    async for ts, height, kind in predictions(station, cfg.start, cfg.days):
        if RULES.get(kind, RULES["H"])(ts, height, cfg):
            begin, end = window(ts, height, cfg.max_height)
            rows.append({"date": ts.date().isoformat(), "low_at": ts.strftime("%H:%M"),
                         "height_m": f"{height:.2f}", "crew_in": begin.strftime("%H:%M"),
                         "crew_out": end.strftime("%H:%M")})
    return rows


def write_schedule(rows, out: Path):
    with out.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["date", "low_at", "height_m", "crew_in", "crew_out"])
        writer.writeheader()
        writer.writerows(rows)
    log.info("%d harvest windows written to %s", len(rows), out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=lambda s: datetime.strptime(s, "%Y-%m-%d"),
                        default=datetime.now())
    parser.add_argument("--days", type=int, default=7)
    parser.add_argument("--max-height", type=float, default=0.3)
    parser.add_argument("--out", type=Path, default=Path("harvest_windows.csv"))
    cfg = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    rows = asyncio.run(plan(Station(), cfg))
    write_schedule(rows, cfg.out)


if __name__ == "__main__":
    main()
