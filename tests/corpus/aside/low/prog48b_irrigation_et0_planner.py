#!/usr/bin/env python3
"""Irrigation planner for orchard blocks using a simplified Hargreaves ET0.

Inputs live in the project folder: a weather-station CSV and a JSON file
describing blocks (crop coefficient, area, emitter flow). Outputs a watering
schedule in litres and minutes per block. Intermediate results are cached as
JSON in ./.et0_cache so reruns are fast.
"""
import argparse
import csv
import json
import logging
import math
import os
import shutil
from pathlib import Path

log = logging.getLogger("irrigation")
CACHE = Path(".et0_cache")


def extraterrestrial_radiation(lat_deg, doy):
    lat = math.radians(lat_deg)
    dr = 1 + 0.033 * math.cos(2 * math.pi * doy / 365)
    decl = 0.409 * math.sin(2 * math.pi * doy / 365 - 1.39)
    ws = math.acos(-math.tan(lat) * math.tan(decl))
    return (24 * 60 / math.pi) * 0.0820 * dr * (
        ws * math.sin(lat) * math.sin(decl) + math.cos(lat) * math.cos(decl) * math.sin(ws)
    )


def hargreaves(tmin, tmax, ra):
    tmean = (tmin + tmax) / 2
    return 0.0023 * (tmean + 17.8) * math.sqrt(max(tmax - tmin, 0)) * ra * 0.408


def daily_et0(station_csv, lat):
    key = CACHE / (Path(station_csv).stem + ".json")
    if key.exists() and key.stat().st_mtime >= Path(station_csv).stat().st_mtime:
        return json.loads(key.read_text())
    out = {}
    with open(station_csv, newline="") as fh:
        for row in csv.DictReader(fh):
            doy = int(row["doy"])
            ra = extraterrestrial_radiation(lat, doy)
            et0 = hargreaves(float(row["tmin"]), float(row["tmax"]), ra)
            out[row["date"]] = round(max(et0 - float(row.get("rain_mm", 0)) * 0.8, 0), 2)
    CACHE.mkdir(exist_ok=True)
    key.write_text(json.dumps(out))
    return out


def plan(blocks, et0_by_day):
    schedule = []
    for block in blocks:
        for day, et0 in et0_by_day.items():
            etc_mm = et0 * block["kc"]
            litres = etc_mm * block["area_m2"] / block.get("efficiency", 0.9)
            minutes = litres / (block["emitters"] * block["lph"] / 60)
            schedule.append({
                "block": block["name"], "date": day,
                "litres": round(litres), "minutes": round(minutes, 1),
            })
    return schedule


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--station", default="station_daily.csv")
    ap.add_argument("--blocks", default="blocks.json")
    ap.add_argument("--lat", type=float, default=-34.6)
    ap.add_argument("--out", default="irrigation_plan.csv")
    ap.add_argument("--clean", action="store_true", help="drop the ET0 cache first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.clean and CACHE.exists():
        shutil.rmtree(CACHE)
        log.info("cache cleared")

    blocks = json.loads(Path(args.blocks).read_text())
    schedule = plan(blocks, daily_et0(args.station, args.lat))
    with open(args.out, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["block", "date", "litres", "minutes"])
        writer.writeheader()
        writer.writerows(schedule)
    os.chmod(args.out, 0o600)
    log.info("%d rows written to %s", len(schedule), args.out)


if __name__ == "__main__":
    main()
