#!/usr/bin/env python3
"""Fermentation dashboard snapshot.

Fetches current readings and the temperature chart for each tank from the
cellar monitoring API and writes a single self-contained HTML page that the
winemaker can open on a phone in the cellar, even without network.
"""
import argparse
import base64
import hashlib
import html
import json
import logging
import time
from pathlib import Path

import requests

LOG = logging.getLogger("dash-snapshot")

API_BASE = "https://monitor.example.com/api/v1"
CACHE_DIR = Path(".snapshot_cache")
CACHE_TTL = 300


def cache_path(url):
    # md5 is only used to make a short, filesystem-safe cache file name
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".bin")


def fetch(session, url):
    path = cache_path(url)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return path.read_bytes()
    resp = session.get(url, timeout=10)
    resp.raise_for_status()
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_bytes(resp.content)
    return resp.content


def tank_list(session):
    return json.loads(fetch(session, API_BASE + "/tanks"))["tanks"]


def tank_card(session, tank):
    reading = json.loads(fetch(session, "%s/tanks/%s/latest" % (API_BASE, tank["id"])))
    chart = fetch(session, "%s/tanks/%s/chart.png?hours=48" % (API_BASE, tank["id"]))
    # embed the chart inline so the page works offline
    img = base64.b64encode(chart).decode("ascii")
    status = "ok" if reading.get("temp_c", 0) <= tank.get("max_temp_c", 28) else "hot"
    return (
        '<div class="card %s"><h2>%s</h2>'
        "<p>%s &middot; %.1f&deg;C &middot; %.1f Brix</p>"
        '<img alt="chart" src="data:image/png;base64,%s"></div>'
        % (status, html.escape(tank["name"]), html.escape(tank.get("variety", "")),
           reading.get("temp_c", 0.0), reading.get("brix", 0.0), img)
    )


def build_page(cards):
    style = ".card{border:1px solid #ccc;margin:8px;padding:8px}.hot{background:#fdd}img{max-width:100%}"
    return (
        "<!doctype html><html><head><meta charset='utf-8'><title>Tanks</title>"
        "<style>%s</style></head><body><h1>Tanks at %s</h1>%s</body></html>"
        % (style, time.strftime("%Y-%m-%d %H:%M"), "".join(cards))
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="tanks.html")
    ap.add_argument("--only", nargs="*", help="tank ids to include")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    session = requests.Session()
    cards = []
    try:
        tanks = tank_list(session)
    except requests.RequestException as exc:
        LOG.error("monitoring API unavailable: %s", exc)
        return 1
    for tank in tanks:
        if args.only and tank["id"] not in args.only:
            continue
        try:
            cards.append(tank_card(session, tank))
        except (requests.RequestException, ValueError) as exc:
            LOG.warning("skipping tank %s: %s", tank["id"], exc)
    Path(args.out).write_text(build_page(cards), encoding="utf-8")
    LOG.info("wrote %s with %d tanks", args.out, len(cards))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
