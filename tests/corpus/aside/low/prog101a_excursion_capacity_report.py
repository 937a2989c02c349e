#!/usr/bin/env python3
"""Excursion capacity report.

Pulls tour inventory for the upcoming port calls from the shore excursion
platform and writes a capacity / load-factor report for the tour desk.
Responses are cached on disk so re-running during the day is cheap.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("capacity-report")

API = os.environ.get("SHOREX_API", "https://bookings.shorex-platform.example.com/api")
CACHE_DIR = Path(".cache/capacity")
CACHE_TTL = 15 * 60


def _cache_path(url, params):
    key = hashlib.md5(f"{url}?{sorted(params.items())}".encode()).hexdigest()
    return CACHE_DIR / f"{key}.json"


def cached_get(session, url, params, refresh=False):
    path = _cache_path(url, params)
    if not refresh and path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    resp = session.get(url, params=params, timeout=20)
    resp.raise_for_status()
    data = resp.json()
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def port_calls(session, voyage, refresh):
    data = cached_get(session, f"{API}/voyages/{voyage}/calls", {}, refresh)
    return [c for c in data.get("calls", []) if not c.get("sea_day")]


def tours_for(session, call, refresh):
    data = cached_get(session, f"{API}/ports/{call['port']}/calls/{call['date']}/tours",
                      {"include": "inventory"}, refresh)
    for t in data.get("tours", []):
        cap = t.get("capacity") or 0
        sold = t.get("sold") or 0
        yield {
            "date": call["date"],
            "port": call["port"],
            "tour_code": t["code"],
            "tour_name": t["name"],
            "capacity": cap,
            "sold": sold,
            "load_pct": round(100.0 * sold / cap, 1) if cap else 0.0,
            "waitlist": t.get("waitlist", 0),
        }


def write_report(rows, out_path, threshold):
    fields = ["date", "port", "tour_code", "tour_name", "capacity", "sold", "load_pct",
              "waitlist", "flag"]
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        for r in rows:
            r["flag"] = "LOW" if r["load_pct"] < threshold else ("FULL" if r["sold"] >= r["capacity"] else "")
            w.writerow(r)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("voyage")
    ap.add_argument("-o", "--out", default="capacity_report.csv")
    ap.add_argument("--low", type=float, default=40.0, help="flag tours under this load %%")
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {os.environ.get('SHOREX_API_KEY', '')}"
    rows = []
    try:
        for call in port_calls(session, args.voyage, args.refresh):
            rows.extend(tours_for(session, call, args.refresh))
    except requests.RequestException as exc:
        log.error("platform request failed: %s", exc)
        return 1

    rows.sort(key=lambda r: (r["date"], r["port"], -r["load_pct"]))
    write_report(rows, args.out, args.low)
    low = sum(1 for r in rows if r["flag"] == "LOW")
    log.info("%d tours written to %s (%d under %.0f%%)", len(rows), args.out, low, args.low)
    return 0


if __name__ == "__main__":
    sys.exit(main())
