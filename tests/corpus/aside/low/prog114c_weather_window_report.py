#!/usr/bin/env python3
"""Find dry, calm working windows for thatching and roofing crews.

Pulls an hourly forecast for each site in sites.json, finds runs of hours
with no rain, low gusts and a sensible temperature, and writes a plain text
report (windows.txt) the office prints for the morning brief.
"""

import argparse
import json
import logging
import sys
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from urllib.error import URLError
from urllib.parse import urlencode
from urllib.request import urlopen

LOG = logging.getLogger("weather-window")
FORECAST_URL = "https://api.open-meteo.com/v1/forecast"


@dataclass
class Limits:
    max_rain_mm: float = 0.1
    max_gust_kmh: float = 40.0      # ladders and scaffold boards
    min_temp_c: float = 4.0         # mortar and torch-on felt
    min_hours: int = 4


def fetch_forecast(lat, lon):
    query = urlencode({
        "latitude": lat, "longitude": lon,
        "hourly": "precipitation,wind_gusts_10m,temperature_2m",
        "forecast_days": 5, "timezone": "Europe/London",
    })
    with urlopen(f"{FORECAST_URL}?{query}", timeout=20) as resp:
        return json.load(resp)["hourly"]


def dry_windows(hourly, limits):
    run = []
    rows = zip(hourly["time"], hourly["precipitation"],
               hourly["wind_gusts_10m"], hourly["temperature_2m"])
    for stamp, rain, gust, temp in rows:
        ok = (rain <= limits.max_rain_mm and gust <= limits.max_gust_kmh
              and temp >= limits.min_temp_c)
        if ok:
            run.append(stamp)
            continue
        if len(run) >= limits.min_hours:
            yield run[0], run[-1], len(run)
        run = []
    if len(run) >= limits.min_hours:
        yield run[0], run[-1], len(run)


def render(report_rows):
    lines = [f"Weather windows - generated {datetime.now():%a %d %b %H:%M}", ""]
    for site, windows in report_rows:
        lines.append(site)
        if not windows:
            lines.append("    no workable window in the next 5 days")
        for start, end, hours in windows:
            lines.append(f"    {start.replace('T', ' ')} -> {end[11:]}  ({hours} h)")
        lines.append("")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sites", type=Path, default=Path("sites.json"))
    ap.add_argument("--out", type=Path, default=Path("windows.txt"))
    ap.add_argument("--min-hours", type=int, default=4)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        sites = json.loads(args.sites.read_text())
    except (OSError, ValueError) as exc:
        LOG.error("cannot read %s: %s", args.sites, exc)
        return 2

    limits = Limits(min_hours=args.min_hours)
    rows = []
    for site in sites:
        try:
            hourly = fetch_forecast(site["lat"], site["lon"])
        except (URLError, KeyError, ValueError) as exc:
            LOG.warning("forecast for %s failed: %s", site.get("name"), exc)
            continue
        rows.append((site["name"], list(dry_windows(hourly, limits))))

    args.out.write_text(render(rows))
    LOG.info("wrote %s (%d sites)", args.out, len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
