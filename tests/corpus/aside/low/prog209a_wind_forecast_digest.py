#!/usr/bin/env python3
"""Morning wind digest for the school's training sites.

Pulls the hourly wind forecast for each site and writes a short markdown
digest the duty instructor reads out at the 8 o'clock briefing.
"""
import argparse
import importlib
import json
import logging
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from urllib.parse import urlencode

log = logging.getLogger("winddigest")

API = "https://api.open-meteo.com/v1/forecast"


@dataclass
class Site:
    name: str
    lat: float
    lon: float
    facing: tuple  # acceptable wind directions in degrees (from, to)
    max_kmh: float = 22.0


SITES = {
    "training_hill": Site("Training hill", 46.685, 7.863, (200, 290)),
    "north_launch": Site("North launch", 46.713, 7.905, (320, 40), 18.0),
}


def _fetch_json(url: str, timeout: float) -> dict:
    req_mod = importlib.import_module("urllib.request")
    opener = getattr(req_mod, "urlopen")
    with opener(url, timeout=timeout) as resp:
        return json.load(resp)


def in_sector(deg: float, sector: tuple) -> bool:
    lo, hi = sector
    return lo <= deg <= hi if lo <= hi else deg >= lo or deg <= hi


def classify(site: Site, speed: float, gust: float, deg: float) -> str:
    rules = [
        (lambda: gust - speed > 12, "gusty"),
        (lambda: speed > site.max_kmh, "too strong"),
        (lambda: not in_sector(deg, site.facing), "cross/back"),
    ]
    for test, verdict in rules:
        if test():
            return verdict
    return "flyable"


def digest_for(site: Site, hours: range, timeout: float) -> list:
    params = {"latitude": site.lat, "longitude": site.lon,
              "hourly": "wind_speed_10m,wind_gusts_10m,wind_direction_10m",
              "forecast_days": 1, "timezone": "auto"}
    data = _fetch_json(f"{API}?{urlencode(params)}", timeout)["hourly"]
    rows = []
    for t, s, g, d in zip(data["time"], data["wind_speed_10m"],
                          data["wind_gusts_10m"], data["wind_direction_10m"]):
        hour = datetime.fromisoformat(t).hour
        if hour in hours:
            rows.append(f"| {hour:02d}:00 | {s:>5.1f} | {g:>5.1f} | {d:>3.0f} | {classify(site, s, g, d)} |")
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sites", nargs="*", default=list(SITES), choices=list(SITES))
    ap.add_argument("--from-hour", type=int, default=8)
    ap.add_argument("--to-hour", type=int, default=19)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--out", type=Path, default=Path("wind_digest.md"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    lines = [f"# Wind digest {datetime.now():%A %d %B %Y}", ""]
    for key in args.sites:
        site = SITES[key]
        lines += [f"## {site.name}", "", "| time | km/h | gust | dir | verdict |",
                  "|---|---|---|---|---|"]
        try:
            lines += digest_for(site, range(args.from_hour, args.to_hour + 1), args.timeout)
        except (OSError, KeyError, ValueError) as exc:
            log.warning("no forecast for %s: %s", site.name, exc)
            lines.append("| - | - | - | - | forecast unavailable |")
        lines.append("")
    args.out.write_text("\n".join(lines), encoding="utf-8")
    log.info("digest written to %s", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
