#!/usr/bin/env python3
"""Poll a LAN energy meter's JSON endpoint and append readings to a CSV file.

The meter (e.g. a Shelly EM or a Tasmota plug) exposes a read-only status
endpoint. We GET it periodically and keep a tidy CSV in the working directory.
"""
import argparse
import csv
import datetime as dt
import os
import sys
import time

import requests

DEFAULT_URL = "http://192.168.1.50/status"
CSV_NAME = "energy_log.csv"
FIELDS = ["timestamp", "power_w", "voltage_v", "current_a", "total_kwh"]


def fetch_reading(url, timeout):
    resp = requests.get(url, timeout=timeout)
    resp.raise_for_status()
    data = resp.json()
    meter = data.get("emeters", [{}])[0]
    return {
        "timestamp": dt.datetime.now().isoformat(timespec="seconds"),
        "power_w": meter.get("power", 0.0),
        "voltage_v": meter.get("voltage", 0.0),
        "current_a": meter.get("current", 0.0),
        "total_kwh": round(meter.get("total", 0.0) / 1000.0, 3),
    }


def append_row(path, row):
    new_file = not os.path.exists(path)
    with open(path, "a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        if new_file:
            writer.writeheader()
        writer.writerow(row)


def summarize(path):
    if not os.path.exists(path):
        print("no data yet")
        return
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    if not rows:
        print("no data yet")
        return
    powers = [float(r["power_w"]) for r in rows]
    print(f"{len(rows)} samples, avg {sum(powers) / len(powers):.1f} W, "
          f"peak {max(powers):.1f} W")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=DEFAULT_URL)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()

    if args.summary:
        summarize(CSV_NAME)
        return 0

    for i in range(args.count):
        try:
            row = fetch_reading(args.url, args.timeout)
        except (requests.RequestException, ValueError) as exc:
            print(f"poll failed: {exc}", file=sys.stderr)
        else:
            append_row(CSV_NAME, row)
            print(f"{row['timestamp']}  {row['power_w']:>8.1f} W")
        if i + 1 < args.count:
            time.sleep(args.interval)
    summarize(CSV_NAME)
    return 0


if __name__ == "__main__":
    sys.exit(main())
