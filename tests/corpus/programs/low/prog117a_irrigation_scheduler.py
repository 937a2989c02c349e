#!/usr/bin/env python3
"""Build tomorrow's drip irrigation schedule from the evapotranspiration forecast.

For each greenhouse zone (zones.toml) we take the forecast reference ET0 for
the site, scale it by the crop coefficient, the greenhouse transmission
factor and the zone's drip rate, and write the valve run times to
schedule/<date>.json for the valve controller to pick up.
"""

import argparse
import json
import logging
import sys
import tomllib
import urllib.parse
import urllib.request
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("irrigation")

FORECAST_API = "https://api.open-meteo.com/v1/forecast"


@dataclass(frozen=True)
class Zone:
    name: str
    area_m2: float
    kc: float
    emitters: int
    lph_per_emitter: float
    start: str
    max_minutes: int = 90

    @property
    def litres_per_minute(self):
        return self.emitters * self.lph_per_emitter / 60.0


def load_zones(path):
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    site = data["site"]
    zones = [Zone(name=k, **v) for k, v in data.get("zones", {}).items()]
    return site, zones


def fetch_et0(lat, lon, day, timeout=10):
    query = urllib.parse.urlencode({
        "latitude": lat, "longitude": lon,
        "daily": "et0_fao_evapotranspiration",
        "start_date": day.isoformat(), "end_date": day.isoformat(),
        "timezone": "auto",
    })
    req = urllib.request.Request(f"{FORECAST_API}?{query}",
                                 headers={"User-Agent": "farm-irrigation/1.4"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        payload = json.load(resp)
    return float(payload["daily"]["et0_fao_evapotranspiration"][0])


def run_times(zones, et0_mm, transmission):
    """Yield (zone, minutes, litres) for each zone."""
    for z in zones:
        litres = et0_mm * transmission * z.kc * z.area_m2
        minutes = min(round(litres / z.litres_per_minute), z.max_minutes)
        if minutes < 2:
            log.info("%s: demand %.1f L too small, skipping", z.name, litres)
            continue
        yield z, minutes, round(litres, 1)


def split_pulses(minutes, pulse=15):
    """Long runs are split into pulses so water soaks in instead of draining."""
    while minutes > 0:
        step = min(pulse, minutes)
        yield step
        minutes -= step


def build_schedule(site, zones, et0_mm):
    entries = []
    for zone, minutes, litres in run_times(zones, et0_mm, site.get("transmission", 0.7)):
        entries.append({
            "zone": zone.name,
            "start": zone.start,
            "pulses": list(split_pulses(minutes, site.get("pulse_minutes", 15))),
            "soak_minutes": site.get("soak_minutes", 20),
            "litres": litres,
        })
    return entries


def main():
    ap = argparse.ArgumentParser(description="ET-based drip schedule")
    ap.add_argument("-z", "--zones", default="zones.toml")
    ap.add_argument("--day", type=date.fromisoformat,
                    default=date.today() + timedelta(days=1))
    ap.add_argument("--et0", type=float, help="override forecast ET0 (mm)")
    ap.add_argument("--out-dir", default="schedule")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        site, zones = load_zones(args.zones)
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot load %s: %s", args.zones, exc)
        return 2

    et0 = args.et0
    if et0 is None:
        try:
            et0 = fetch_et0(site["lat"], site["lon"], args.day)
        except (OSError, KeyError, ValueError) as exc:
            et0 = float(site.get("fallback_et0", 3.0))
            log.warning("forecast unavailable (%s); using fallback ET0 %.1f mm", exc, et0)
    log.info("ET0 for %s: %.2f mm", args.day, et0)

    schedule = build_schedule(site, zones, et0)
    out_dir = Path(args.out_dir)
    out_dir.mkdir(exist_ok=True)
    out = out_dir / f"{args.day.isoformat()}.json"
    out.write_text(json.dumps({"day": args.day.isoformat(), "et0_mm": et0,
                               "zones": schedule}, indent=2))
    total = sum(e["litres"] for e in schedule)
    log.info("wrote %s: %d zones, %.0f L total", out, len(schedule), total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
