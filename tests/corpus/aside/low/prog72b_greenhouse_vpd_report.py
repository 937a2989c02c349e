#!/usr/bin/env python3
"""Daily VPD / DLI report for a greenhouse compartment.

Reads the compartment sensor log (CSV: ts, temp_c, rh, par_umol), computes
hourly vapour pressure deficit and the daily light integral, pulls the
outside forecast for context, and posts the summary to the grower dashboard.
"""
import argparse
import csv
import hashlib
import json
import logging
import math
import os
import sys
from collections import defaultdict
from datetime import datetime
from pathlib import Path

import requests

LOG = logging.getLogger("vpd-report")

FORECAST_URL = "https://api.open-meteo.com/v1/forecast"
DASHBOARD_URL = os.environ.get("GROWER_DASH_URL", "https://dash.growerhub.example/api/reports")
CACHE_DIR = Path(".cache")


def svp_kpa(temp_c):
    return 0.6108 * math.exp(17.27 * temp_c / (temp_c + 237.3))


def vpd_kpa(temp_c, rh):
    return svp_kpa(temp_c) * (1 - rh / 100.0)


def read_log(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield (datetime.fromisoformat(row["ts"]), float(row["temp_c"]),
                       float(row["rh"]), float(row.get("par_umol") or 0))
            except (KeyError, ValueError):
                continue


def summarise(rows, interval_s):
    hourly = defaultdict(list)
    dli = 0.0
    for ts, t, rh, par in rows:
        hourly[ts.hour].append(vpd_kpa(t, rh))
        dli += par * interval_s / 1e6
    hours = {h: round(sum(v) / len(v), 3) for h, v in sorted(hourly.items())}
    out_of_band = [h for h, v in hours.items() if v < 0.4 or v > 1.6]
    return {"vpd_by_hour": hours, "dli_mol": round(dli, 2), "vpd_alerts": out_of_band}


def cached_get(url, params, ttl_s=3600):
    CACHE_DIR.mkdir(exist_ok=True)
    key = hashlib.md5((url + json.dumps(params, sort_keys=True)).encode()).hexdigest()
    f = CACHE_DIR / (key + ".json")
    if f.exists() and (datetime.now().timestamp() - f.stat().st_mtime) < ttl_s:
        return json.loads(f.read_text())
    resp = requests.get(url, params=params, timeout=15)
    resp.raise_for_status()
    f.write_text(resp.text)
    return resp.json()


def outside_forecast(lat, lon):
    try:
        data = cached_get(FORECAST_URL, {
            "latitude": lat, "longitude": lon,
            "daily": "temperature_2m_max,temperature_2m_min,shortwave_radiation_sum",
            "forecast_days": 2, "timezone": "auto",
        })
        return data.get("daily", {})
    except requests.RequestException as exc:
        LOG.warning("forecast unavailable: %s", exc)
        return {}


def post_report(report, api_key):
    resp = requests.post(DASHBOARD_URL, json=report, timeout=20,
                         headers={"Authorization": "Bearer " + api_key})
    resp.raise_for_status()
    return resp.status_code


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("log", help="compartment sensor CSV")
    ap.add_argument("--compartment", required=True)
    ap.add_argument("--interval", type=int, default=300, help="seconds between log rows")
    ap.add_argument("--lat", type=float, default=52.0)
    ap.add_argument("--lon", type=float, default=4.3)
    ap.add_argument("--no-post", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    summary = summarise(read_log(args.log), args.interval)
    report = {
        "compartment": args.compartment,
        "date": datetime.now().date().isoformat(),
        **summary,
        "outside": outside_forecast(args.lat, args.lon),
    }
    out = Path("reports") / ("%s-%s.json" % (args.compartment, report["date"]))
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(report, indent=2))
    os.chmod(out, 0o600)
    LOG.info("DLI %.2f mol/m2, %d hour(s) outside VPD band", report["dli_mol"],
             len(report["vpd_alerts"]))

    if args.no_post:
        return 0
    api_key = os.environ.get("GROWER_DASH_KEY")
    if not api_key:
        LOG.error("GROWER_DASH_KEY not set; report kept in %s", out)
        return 1
    try:
        post_report(report, api_key)
        LOG.info("report posted")
    except requests.RequestException as exc:
        LOG.error("post failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
