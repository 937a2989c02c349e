#!/usr/bin/env python3
"""Morning wave-height report from the NDBC offshore buoys.

Downloads the latest realtime observations for the buoys off our beach
and writes a short report for the shift briefing board.
"""
import argparse
import csv
import importlib
import json
import logging
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("wave_report")

NDBC = "https://www.ndbc.noaa.gov/data/realtime2/{station}.txt"
DEFAULT_STATIONS = ["46026", "46237", "46012"]


@dataclass
class Reading:
    station: str
    time: str
    wave_m: float | None
    period_s: float | None
    water_c: float | None


def _num(val):
    try:
        return None if val == "MM" else float(val)
    except ValueError:
        return None


def fetch_latest(station, timeout):
    req_mod = importlib.import_module("urllib.request")
    url = NDBC.format(station=station)
    with getattr(req_mod, "urlopen")(url, timeout=timeout) as resp:
        lines = resp.read().decode("ascii", "replace").splitlines()
    header = lines[0].lstrip("#").split()
    for line in lines[2:]:
        row = dict(zip(header, line.split()))
        wave = _num(row.get("WVHT", "MM"))
        if wave is not None:
            stamp = f"{row['YY']}-{row['MM']}-{row['DD']} {row['hh']}:{row['mm']}Z"
            return Reading(station, stamp, wave, _num(row.get("DPD", "MM")),
                           _num(row.get("WTMP", "MM")))
    return Reading(station, "n/a", None, None, None)


def write_csv(readings, out: Path):
    with out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(asdict(readings[0])))
        w.writeheader()
        for r in readings:
            w.writerow(asdict(r))


def write_json(readings, out: Path):
    out.write_text(json.dumps([asdict(r) for r in readings], indent=2))


def write_text(readings, out: Path):
    lines = ["Station  Time               Wave(m)  Period(s)  Water(C)"]
    for r in readings:
        fmt = lambda v: "  -  " if v is None else f"{v:5.1f}"
        lines.append(f"{r.station:<8} {r.time:<18} {fmt(r.wave_m):>7}  {fmt(r.period_s):>9}  {fmt(r.water_c):>8}")
    out.write_text("\n".join(lines) + "\n")


WRITERS = {"csv": write_csv, "json": write_json, "txt": write_text}


def main():
    ap = argparse.ArgumentParser(description="Wave height report")
    ap.add_argument("stations", nargs="*", default=DEFAULT_STATIONS)
    ap.add_argument("--format", choices=sorted(WRITERS), default="txt")
    ap.add_argument("--out", default="wave_report")
    ap.add_argument("--timeout", type=float, default=10.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    readings = []
    for st in args.stations:
        try:
            readings.append(fetch_latest(st, args.timeout))
        except OSError as exc:
            log.warning("station %s unavailable: %s", st, exc)
    if not readings:
        log.error("no data from any station")
        return 1

    out = Path(f"{args.out}.{args.format}")
    WRITERS[args.format](readings, out)
    log.info("wrote %s (%d stations)", out, len(readings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
