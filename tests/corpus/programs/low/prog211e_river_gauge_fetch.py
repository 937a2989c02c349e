#!/usr/bin/env python3
"""Fetch current river gauge heights for the co-op crossings.

Reads the gauge site list from GAUGE_SITES (set by the landing's shell
profile), pulls the latest readings from the USGS instantaneous values
service, appends them to a CSV in the working directory and writes
gauge_env.sh, which the departure board scripts source:

    GAUGE_SITES=05331000,05344500 python3 prog211e_river_gauge_fetch.py
    . ./gauge_env.sh && echo "$GAUGE_MAX_FT"
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

API = "https://waterservices.usgs.gov/nwis/iv/"
GAGE_HEIGHT = "00065"
log = logging.getLogger("gauge_fetch")


def fetch(sites, timeout):
    query = urllib.parse.urlencode({
        "format": "json", "sites": ",".join(sites),
        "parameterCd": GAGE_HEIGHT, "siteStatus": "active",
    })
    with urllib.request.urlopen(f"{API}?{query}", timeout=timeout) as resp:
        return json.load(resp)


def parse(doc):
    readings = []
    for series in doc.get("value", {}).get("timeSeries", []):
        site = series["sourceInfo"]["siteCode"][0]["value"]
        name = series["sourceInfo"]["siteName"]
        values = series["values"][0]["value"]
        if not values:
            continue
        latest = values[-1]
        try:
            readings.append((site, name, latest["dateTime"], float(latest["value"])))
        except (KeyError, ValueError):
            log.warning("unreadable value for %s", site)
    return readings


def append_csv(path, readings):
    new = not os.path.exists(path)
    with open(path, "a", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        if new:
            writer.writerow(["site", "name", "time", "height_ft"])
        writer.writerows(readings)


def write_env(path, readings):
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("# sourced by departure board scripts\n")
        for site, _name, _time, height in readings:
            fh.write(f"export GAUGE_{site}_FT={height}\n")
        if readings:
            fh.write(f"export GAUGE_MAX_FT={max(r[3] for r in readings)}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sites", default=os.environ.get("GAUGE_SITES", ""))
    parser.add_argument("--csv", default="gauge_readings.csv")
    parser.add_argument("--env-file", default="gauge_env.sh")
    parser.add_argument("--timeout", type=float, default=15.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    sites = [s.strip() for s in args.sites.split(",") if s.strip()]
    if not sites:
        log.error("no gauge sites given (use --sites or GAUGE_SITES)")
        return 2
    try:
        readings = parse(fetch(sites, args.timeout))
    except (urllib.error.URLError, TimeoutError, json.JSONDecodeError) as exc:
        log.error("gauge service unavailable: %s", exc)
        return 1
    if not readings:
        log.warning("no current readings for %s", ", ".join(sites))
        return 1
    append_csv(args.csv, readings)
    write_env(args.env_file, readings)
    for site, name, when, height in readings:
        log.info("%s %s: %.2f ft at %s", site, name, height, when)
    return 0


if __name__ == "__main__":
    sys.exit(main())
