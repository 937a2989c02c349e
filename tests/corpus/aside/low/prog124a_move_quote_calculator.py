#!/usr/bin/env python3
"""Quote a house move from a survey summary and the company rate card.

Takes the total volume (or a survey CSV to total), the pickup and drop
postcodes, and options such as packing, storage weeks and stair floors.
Road distance comes from the routing service and is cached on disk so
re-quotes for the same pair of postcodes are instant.

    python3 move_quote_calculator.py --from "LS6 2AB" --to "YO10 5DD" --volume 38 --packing
"""
import argparse
import csv
import hashlib
import json
import logging
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import requests

log = logging.getLogger("quote")

ROUTING_URL = "https://routing.movetools.example/v1/distance"
CACHE_DIR = Path(".distance_cache")


@dataclass
class RateCard:
    crew_hourly: float = 32.0
    crew_size: int = 3
    van_day: float = 180.0
    per_mile: float = 1.35
    per_m3: float = 6.5
    packing_per_m3: float = 14.0
    storage_per_m3_week: float = 1.9
    stairs_per_floor: float = 25.0
    min_charge: float = 295.0
    vat: float = 0.20
    van_capacity_m3: float = 38.0
    load_rate_m3_per_hour: float = 3.0
    extras: dict = field(default_factory=dict)

    @classmethod
    def from_file(cls, path):
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)


def survey_volume(csv_path):
    with open(csv_path, newline="", encoding="utf-8") as fh:
        return sum(float(r["volume_m3"] or 0) for r in csv.DictReader(fh))


def road_miles(origin, dest):
    key = hashlib.md5(f"{origin.upper()}|{dest.upper()}".encode()).hexdigest()
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists():
        return json.loads(cached.read_text())["miles"]
    url = f"{ROUTING_URL}?from={quote(origin)}&to={quote(dest)}&units=miles"
    resp = requests.get(url, timeout=10)
    resp.raise_for_status()
    miles = float(resp.json()["distance"])
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps({"from": origin, "to": dest, "miles": miles}))
    return miles


def price(card, volume, miles, packing=False, storage_weeks=0, floors=0):
    vans = max(1, math.ceil(volume / card.van_capacity_m3))
    load_hours = 2 * volume / card.load_rate_m3_per_hour  # load + unload
    drive_hours = miles / 30.0
    hours = load_hours + drive_hours
    days = max(1, math.ceil(hours / 10.0))
    lines = {
        "crew": round(hours * card.crew_hourly * card.crew_size, 2),
        "vans": round(vans * days * card.van_day, 2),
        "mileage": round(miles * card.per_mile * vans, 2),
        "volume": round(volume * card.per_m3, 2),
    }
    if packing:
        lines["packing"] = round(volume * card.packing_per_m3, 2)
    if storage_weeks:
        lines["storage"] = round(volume * card.storage_per_m3_week * storage_weeks, 2)
    if floors:
        lines["stairs"] = round(floors * card.stairs_per_floor, 2)
    net = max(sum(lines.values()), card.min_charge)
    return {
        "lines": lines,
        "vans": vans,
        "days": days,
        "hours": round(hours, 1),
        "net": round(net, 2),
        "vat": round(net * card.vat, 2),
        "gross": round(net * (1 + card.vat), 2),
    }


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--from", dest="origin", required=True)
    p.add_argument("--to", dest="dest", required=True)
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--volume", type=float, help="total volume in m3")
    src.add_argument("--survey", type=Path, help="survey CSV export")
    p.add_argument("--rates", type=Path, default=Path("rate_card.json"))
    p.add_argument("--packing", action="store_true")
    p.add_argument("--storage-weeks", type=int, default=0)
    p.add_argument("--floors", type=int, default=0)
    p.add_argument("--miles", type=float, help="override road distance")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(message)s")

    card = RateCard.from_file(args.rates) if args.rates.exists() else RateCard()
    volume = args.volume if args.volume is not None else survey_volume(args.survey)
    try:
        miles = args.miles if args.miles is not None else road_miles(args.origin, args.dest)
    except (requests.RequestException, KeyError, ValueError) as exc:
        log.error("could not get road distance (%s); pass --miles", exc)
        return 1

    q = price(card, volume, miles, args.packing, args.storage_weeks, args.floors)
    if args.json:
        print(json.dumps({"from": args.origin, "to": args.dest, "volume_m3": volume,
                          "miles": miles, **q}, indent=2))
        return 0
    print(f"{args.origin} -> {args.dest}: {miles:.0f} miles, {volume:.1f} m3")
    print(f"{q['vans']} van(s), {q['days']} day(s), ~{q['hours']} crew hours")
    for name, amount in q["lines"].items():
        print(f"  {name:<10} GBP {amount:>9.2f}")
    print(f"  {'net':<10} GBP {q['net']:>9.2f}")
    print(f"  {'VAT':<10} GBP {q['vat']:>9.2f}")
    print(f"  {'total':<10} GBP {q['gross']:>9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
