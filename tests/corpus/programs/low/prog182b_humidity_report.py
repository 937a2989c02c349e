#!/usr/bin/env python3
"""Daily humidity and temperature report for the cave rooms.

Pulls the last 24 hours of readings for each room from the sensor gateway's
read-only API, flags readings outside the affineur's target band and writes
a CSV summary into the working directory.
"""
import argparse
import csv
import json
import logging
import os
import statistics
import urllib.parse
import urllib.request
from datetime import date
from pathlib import Path

LOG = logging.getLogger("humidity_report")

GATEWAY = os.environ.get("CAVE_GATEWAY", "https://sensors.example.com")

# Target bands per room (temperature C, relative humidity %).
BANDS = {
    "A": {"temp": (10.0, 12.5), "rh": (88.0, 94.0)},   # washed rinds
    "B": {"temp": (11.0, 13.0), "rh": (85.0, 92.0)},   # tommes
    "C": {"temp": (7.0, 9.0), "rh": (90.0, 96.0)},     # blues
}

_FETCHERS = {}


def fetcher(kind):
    def register(fn):
        _FETCHERS[kind] = fn
        return fn
    return register


@fetcher("readings")
def get_readings(room, hours):
    query = urllib.parse.urlencode({"room": room, "hours": hours})
    url = f"{GATEWAY}/api/v1/readings?{query}"
    with urllib.request.urlopen(url, timeout=20) as resp:
        return json.loads(resp.read().decode("utf-8"))


class RoomSummary:
    def __init__(self, room, readings, band):
        self.room = room
        self.readings = readings
        self.band = band

    def _values(self, key):
        return [r[key] for r in self.readings if r.get(key) is not None]

    def out_of_band(self, key):
        lo, hi = self.band[key]
        return sum(1 for v in self._values(key) if not lo <= v <= hi)

    def row(self):
        temps, rhs = self._values("temp"), self._values("rh")
        return {
            "room": self.room,
            "samples": len(self.readings),
            "temp_mean": round(statistics.mean(temps), 2) if temps else "",
            "rh_mean": round(statistics.mean(rhs), 2) if rhs else "",
            "temp_out": self.out_of_band("temp"),
            "rh_out": self.out_of_band("rh"),
        }


def main():
    parser = argparse.ArgumentParser(description="Cave humidity report")
    parser.add_argument("--rooms", nargs="+", default=sorted(BANDS))
    parser.add_argument("--hours", type=int, default=24)
    parser.add_argument("--out", type=Path, default=Path(f"humidity_{date.today()}.csv"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    rows = []
    for room in args.rooms:
        try:
            data = _FETCHERS["readings"](room, args.hours)
        except OSError as exc:
            LOG.error("room %s: gateway error %s", room, exc)
            continue
        summary = RoomSummary(room, data.get("readings", []), BANDS.get(room, BANDS["B"]))
        rows.append(summary.row())
        if summary.out_of_band("rh"):
            LOG.warning("room %s: %d humidity readings out of band", room, summary.out_of_band("rh"))

    with open(args.out, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=["room", "samples", "temp_mean",
                                                    "rh_mean", "temp_out", "rh_out"])
        writer.writeheader()
        writer.writerows(rows)
    LOG.info("report written to %s", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
