#!/usr/bin/env python3
"""Small web viewer for launch logs.

Shows the season's launches (date, tasking, tractor hours, time to water)
from the launch log CSVs in ./launch_logs. Parsed logs are cached in a
pickle so the page loads quickly on the crew room tablet. Weather for each
launch is pulled from the regional met feed.
"""
import argparse
import csv
import logging
import os
import pickle
from pathlib import Path

import requests
from flask import Flask, abort, render_template_string

LOG = logging.getLogger("launch_viewer")

LOG_DIR = Path(os.environ.get("LAUNCH_LOG_DIR", "launch_logs"))
CACHE = Path(".launch_cache.pkl")
MET_FEED = "https://met.example.org/api/obs"

app = Flask(__name__)

PAGE = """
<h1>Launches {{ season }}</h1>
<table border=1>
<tr><th>Date</th><th>Tasking</th><th>Tractor h</th><th>To water (min)</th><th>Wind</th></tr>
{% for l in launches %}
<tr><td>{{ l.date }}</td><td>{{ l.tasking }}</td><td>{{ l.hours }}</td>
<td>{{ l.to_water }}</td><td>{{ l.wind }}</td></tr>
{% endfor %}
</table>
"""


def parse_logs():
    launches = []
    for path in sorted(LOG_DIR.glob("*.csv")):
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                launches.append({
                    "date": row.get("date", ""),
                    "tasking": row.get("tasking", ""),
                    "hours": row.get("tractor_hours", ""),
                    "to_water": row.get("minutes_to_water", ""),
                    "wind": "",
                })
    return launches


def load_launches():
    newest = max((p.stat().st_mtime for p in LOG_DIR.glob("*.csv")), default=0)
    if CACHE.exists() and CACHE.stat().st_mtime >= newest:
        with CACHE.open("rb") as fh:
            return pickle.load(fh)
    launches = parse_logs()
    add_weather(launches)
    with CACHE.open("wb") as fh:
        pickle.dump(launches, fh)
    return launches


def add_weather(launches):
    for l in launches:
        try:
            # the met office box uses a self-signed certificate
            r = requests.get(MET_FEED, params={"date": l["date"], "station": "coast-07"},
                             verify=False, timeout=10)
            if r.ok:
                l["wind"] = r.json().get("wind", "")
        except (requests.RequestException, ValueError) as exc:
            LOG.debug("no weather for %s: %s", l["date"], exc)


@app.route("/")
@app.route("/season/<season>")
def index(season=None):
    launches = load_launches()
    if season:
        launches = [l for l in launches if l["date"].startswith(season)]
        if not launches:
            abort(404)
    return render_template_string(PAGE, launches=launches, season=season or "all")


@app.route("/refresh")
def refresh():
    if CACHE.exists():
        CACHE.unlink()
    return "cache cleared\n"


def main():
    ap = argparse.ArgumentParser(description="Launch log web viewer")
    ap.add_argument("--port", type=int, default=5050)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if not LOG_DIR.is_dir():
        LOG.error("no %s directory", LOG_DIR)
        return 1
    # tablet in the crew room needs to reach it over the station wifi
    app.run(host="0.0.0.0", port=args.port, debug=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
