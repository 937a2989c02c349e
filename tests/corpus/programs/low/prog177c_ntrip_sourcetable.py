#!/usr/bin/env python3
"""Fetch and summarise an NTRIP caster's sourcetable.

Used by crew chiefs before heading to site to check which RTK mountpoints
near the job are currently advertised and which message formats they send.
"""
import argparse
import logging
import math
import os
import sys
import urllib.request
from dataclasses import dataclass

log = logging.getLogger("sourcetable")

CASTER = os.environ.get("HS_NTRIP_CASTER", "http://rtk.example.org:2101/")


@dataclass
class Mountpoint:
    name: str
    identifier: str
    fmt: str
    lat: float
    lon: float
    nmea: bool


def fetch_table(url: str, timeout: float) -> str:
    req = urllib.request.Request(url, headers={
        "User-Agent": "NTRIP HS-Sourcetable/1.2",
        "Ntrip-Version": "Ntrip/2.0",
    })
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read().decode("latin-1")


def parse(text: str):
    for line in text.splitlines():
        if not line.startswith("STR;"):
            continue
        f = line.split(";")
        if len(f) < 12:
            continue
        try:
            yield Mountpoint(f[1], f[2], f[3], float(f[9]), float(f[10]), f[11] == "1")
        except ValueError:
            log.debug("bad row: %s", line)


def distance_km(lat1, lon1, lat2, lon2) -> float:
    r = 6371.0
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(a))


def main() -> int:
    parser = argparse.ArgumentParser(description="List nearby NTRIP mountpoints")
    parser.add_argument("--caster", default=CASTER)
    parser.add_argument("--lat", type=float, required=True, help="job site latitude")
    parser.add_argument("--lon", type=float, required=True, help="job site longitude")
    parser.add_argument("--radius", type=float, default=50.0, help="km")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        text = fetch_table(args.caster, args.timeout)
    except OSError as exc:
        log.error("could not reach caster %s: %s", args.caster, exc)
        return 1

    nearby = []
    for mp in parse(text):
        d = distance_km(args.lat, args.lon, mp.lat, mp.lon)
        if d <= args.radius:
            nearby.append((d, mp))
    nearby.sort(key=lambda item: item[0])

    if not nearby:
        print(f"no mountpoints within {args.radius:.0f} km")
        return 0
    for d, mp in nearby:
        flag = "VRS" if mp.nmea else "   "
        print(f"{mp.name:16s} {d:6.1f} km  {flag}  {mp.fmt:10s} {mp.identifier}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
