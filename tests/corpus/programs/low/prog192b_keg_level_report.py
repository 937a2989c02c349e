#!/usr/bin/env python3
"""Daily keg level report for the taproom cold room.

Reads the scale log written by the cold-room logger, works out how much
cider is left in each keg, pulls tomorrow's forecast (hot days sell more)
and writes a reorder report into the current directory.
"""
import argparse
import csv
import importlib
import json
import logging
import os
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("keglevel")

FULL_LITRES = {"half": 58.7, "sixtel": 19.5, "keykeg": 30.0}


@dataclass
class Forecast:
    base_parts: list = field(default_factory=lambda: ["https://", "api.", "weather.example.com", "/v1/forecast"])
    lat: float = float(os.environ.get("TAPROOM_LAT", "51.05"))
    lon: float = float(os.environ.get("TAPROOM_LON", "-2.74"))

    def url(self) -> str:
        return f"{''.join(self.base_parts)}?lat={self.lat}&lon={self.lon}&days=1"

    def high_c(self) -> float:
        req = importlib.import_module("urllib.request")
        try:
            with getattr(req, "urlopen")(self.url(), timeout=10) as resp:
                data = json.load(resp)
            return float(data["daily"][0]["temp_max"])
        except (OSError, KeyError, IndexError, ValueError) as exc:
            log.warning("forecast unavailable (%s); assuming 18C", exc)
            return 18.0


def latest_levels(scale_log: Path) -> dict:
    last = {}
    with scale_log.open(newline="") as fh:
        for row in csv.DictReader(fh):
            last[row["scale"]] = float(row["cider_litres"])
    return last


def demand_factor(high_c: float) -> float:
    if high_c >= 25:
        return 1.6
    if high_c >= 20:
        return 1.25
    return 1.0


def plan(levels: dict, kegs: dict, avg_daily: dict, factor: float) -> list:
    rows = []
    for scale, litres in sorted(levels.items()):
        size = kegs.get(scale, "half")
        pct = 100 * litres / FULL_LITRES[size]
        need = avg_daily.get(scale, 12.0) * factor
        rows.append({"scale": scale, "keg": size, "litres": round(litres, 1),
                     "percent": round(pct), "expected_use": round(need, 1),
                     "action": "REORDER" if litres < need else "ok"})
    return rows


WRITERS = {
    "csv": lambda rows, p: _write_csv(rows, p),
    "json": lambda rows, p: p.write_text(json.dumps(rows, indent=2)),
}


def _write_csv(rows, path: Path) -> None:
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else ["scale"])
        w.writeheader()
        w.writerows(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description="Keg level and reorder report")
    ap.add_argument("--scale-log", type=Path, default=Path("keg_weights.csv"))
    ap.add_argument("--kegs", type=Path, default=Path("kegs.json"),
                    help='mapping of scale to keg size, e.g. {"S1": "half"}')
    ap.add_argument("--format", choices=sorted(WRITERS), default="csv")
    ap.add_argument("--offline", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    kegs = json.loads(args.kegs.read_text()) if args.kegs.exists() else {}
    avg_daily = defaultdict(lambda: 12.0, {"S1": 18.0, "S2": 9.5})
    high = 18.0 if args.offline else Forecast().high_c()
    rows = plan(latest_levels(args.scale_log), kegs, avg_daily, demand_factor(high))
    out = Path(f"keg_report.{args.format}")
    WRITERS[args.format](rows, out)
    log.info("forecast high %.1fC; %d kegs; %d to reorder -> %s", high, len(rows),
             sum(r["action"] == "REORDER" for r in rows), out)


if __name__ == "__main__":
    main()
