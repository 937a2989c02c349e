#!/usr/bin/env python3
"""Fetch observed water levels from NOAA CO-OPS for a set of tide stations.

Station ids come from the command line or, when piped, one per line on
stdin (e.g. from prog210d_station_catalog.sh). For each station a CSV is
written to ./data and a small gnuplot wrapper script is written next to it
so the plot can be redrawn later with `bash data/plot_<id>.sh`.
"""
import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from datetime import date, timedelta
from pathlib import Path

LOG = logging.getLogger("tg-coops")
API = "https://api.tidesandcurrents.noaa.gov/api/prod/datagetter"

PLOT_TEMPLATE = """#!/usr/bin/env bash
# redraw water level plot for station {sid}
set -e
cd "$(dirname "$0")"
gnuplot <<'GP'
set datafile separator ","
set xdata time
set timefmt "%Y-%m-%d %H:%M"
set format x "%m-%d\\n%H:%M"
set terminal pngcairo size 1200,500
set output "level_{sid}.png"
set title "Station {sid} water level ({datum}, m)"
plot "{csv}" using 1:2 every ::1 with lines title "observed"
GP
echo "wrote level_{sid}.png"
"""


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("stations", nargs="*")
    p.add_argument("--days", type=int, default=3)
    p.add_argument("--datum", default=os.environ.get("TG_DATUM", "MLLW"))
    p.add_argument("--out", default="data")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def fetch(sid, begin, end, datum):
    params = {
        "product": "water_level", "station": sid, "datum": datum,
        "begin_date": begin.strftime("%Y%m%d"), "end_date": end.strftime("%Y%m%d"),
        "time_zone": "gmt", "units": "metric", "format": "json",
        "application": "tidenet_tools",
    }
    url = API + "?" + urllib.parse.urlencode(params)
    LOG.debug("GET %s", url)
    with urllib.request.urlopen(url, timeout=30) as resp:
        doc = json.load(resp)
    if "error" in doc:
        raise ValueError(doc["error"].get("message", "unknown API error"))
    return doc.get("data", [])


def save(out_dir, sid, rows, datum):
    csv_path = out_dir / f"level_{sid}.csv"
    with open(csv_path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["time_utc", "level_m", "sigma", "quality"])
        for r in rows:
            if r.get("v"):
                w.writerow([r["t"], r["v"], r.get("s", ""), r.get("q", "")])
    plot = out_dir / f"plot_{sid}.sh"
    plot.write_text(PLOT_TEMPLATE.format(sid=sid, datum=datum, csv=csv_path.name))
    return csv_path


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    stations = args.stations
    if not stations and not sys.stdin.isatty():
        stations = [line.split()[0] for line in sys.stdin if line.strip()]
    if not stations:
        LOG.error("no stations given")
        return 64
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    end = date.today()
    begin = end - timedelta(days=args.days)
    failures = 0
    for sid in stations:
        try:
            rows = fetch(sid, begin, end, args.datum)
        except (urllib.error.URLError, ValueError, json.JSONDecodeError) as exc:
            LOG.warning("station %s: %s", sid, exc)
            failures += 1
            continue
        path = save(out_dir, sid, rows, args.datum)
        LOG.info("station %s: %d samples -> %s", sid, len(rows), path)
    return 1 if failures == len(stations) else 0


if __name__ == "__main__":
    sys.exit(main())
