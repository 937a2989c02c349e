#!/usr/bin/env python3
"""Fridge temperature dashboard for the dispensary back office.

Shows the latest reading and today's min/max for each pharmacy fridge, with
excursions highlighted, so it can be left open on the back-office screen
and on the practice manager's laptop.
"""
import argparse
import csv
import logging
import os
import pickle
import time
from pathlib import Path

from flask import Flask
from jinja2 import Environment

LOG = logging.getLogger("fridge-dash")

EXPORT_DIR = Path(os.environ.get("FRIDGE_EXPORTS", "./logger_exports"))
CACHE_FILE = Path("dashboard_cache.pkl")
CACHE_TTL = 120
LOW_C, HIGH_C = 2.0, 8.0

PAGE = """
<html><head><title>Fridges - {{ site }}</title>
<meta http-equiv="refresh" content="60"></head>
<body><h1>{{ site }} fridges</h1>
<p>{{ banner }}</p>
<table border="1" cellpadding="4">
<tr><th>Fridge</th><th>Latest</th><th>Min</th><th>Max</th><th>Note</th></tr>
{% for name, s in fridges.items() %}
<tr style="background: {{ 'salmon' if s.alert else 'white' }}">
<td>{{ name }}</td><td>{{ s.latest }}</td><td>{{ s.min }}</td><td>{{ s.max }}</td>
<td>{{ s.note }}</td></tr>
{% endfor %}
</table></body></html>
"""

env = Environment(autoescape=False)
template = env.from_string(PAGE)
app = Flask(__name__)


class Stats(dict):
    __getattr__ = dict.get


def read_exports():
    fridges = {}
    for path in sorted(EXPORT_DIR.glob("*.csv")):
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    t = float(row["temp_c"])
                except (KeyError, ValueError):
                    continue
                s = fridges.setdefault(row.get("fridge", path.stem),
                                       Stats(min=t, max=t, latest=t, alert=False, note=""))
                s["min"], s["max"], s["latest"] = min(s["min"], t), max(s["max"], t), t
                if t < LOW_C or t > HIGH_C:
                    s["alert"] = True
                    s["note"] = row.get("comment", "out of range")
    return fridges


def cached_stats():
    # parsing a day of exports is slow on the old PC, so keep a short cache
    if CACHE_FILE.exists() and time.time() - CACHE_FILE.stat().st_mtime < CACHE_TTL:
        try:
            with CACHE_FILE.open("rb") as fh:
                return pickle.load(fh)
        except (pickle.UnpicklingError, EOFError):
            LOG.warning("cache unreadable, rebuilding")
    stats = read_exports()
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(stats, fh)
    return stats


@app.route("/")
def index():
    banner = os.environ.get("DASH_BANNER", "Readings refresh every minute.")
    return template.render(site=os.environ.get("SITE_NAME", "Dispensary"),
                           banner=banner, fridges=cached_stats())


@app.route("/healthz")
def healthz():
    return {"ok": True, "exports": len(list(EXPORT_DIR.glob("*.csv")))}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=5050)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    # reachable from the manager's laptop on the practice network
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
