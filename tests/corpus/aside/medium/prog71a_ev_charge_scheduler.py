#!/usr/bin/env python3
"""Plan overnight EV charging against day-ahead tariffs.

Loads the day-ahead price table (refreshed by the tariff fetcher into
./tariff_cache/), picks the cheapest quarter-hours that deliver the required
energy before the departure time, and writes a charge plan the wallbox
controller reads.
"""
import argparse
import json
import logging
import math
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pandas as pd

log = logging.getLogger("charge-scheduler")

CACHE_DIR = Path("tariff_cache")


class TariffTable:
    """Day-ahead prices indexed by slot start (15 min)."""

    def __init__(self, frame):
        self.frame = frame.sort_index()

    @classmethod
    def latest(cls, cache_dir=CACHE_DIR):
        files = sorted(cache_dir.glob("dayahead_*.pkl"))
        if not files:
            raise FileNotFoundError(f"no tariff tables in {cache_dir}")
        path = files[-1]
        log.info("using tariff table %s", path.name)
        frame = pd.read_pickle(path)
        if "price_eur_kwh" not in frame.columns:
            raise ValueError(f"{path.name}: missing price column")
        return cls(frame)

    def window(self, start, end):
        return self.frame.loc[(self.frame.index >= start) & (self.frame.index < end)]


def slots_needed(energy_kwh, charger_kw, efficiency=0.92):
    per_slot = charger_kw * 0.25 * efficiency
    return math.ceil(energy_kwh / per_slot)


def plan(table, start, depart, energy_kwh, charger_kw):
    win = table.window(start, depart)
    need = slots_needed(energy_kwh, charger_kw)
    if need > len(win):
        log.warning("only %d slots before departure, %d needed; charging in all of them",
                    len(win), need)
        need = len(win)
    chosen = win.nsmallest(need, "price_eur_kwh").sort_index()
    cost = float((chosen["price_eur_kwh"] * charger_kw * 0.25).sum())
    return [ts.isoformat() for ts in chosen.index], cost


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--soc", type=float, required=True, help="current state of charge, percent")
    ap.add_argument("--target", type=float, default=80.0)
    ap.add_argument("--capacity", type=float, default=64.0, help="battery kWh")
    ap.add_argument("--charger-kw", type=float, default=11.0)
    ap.add_argument("--depart", default="07:00", help="HH:MM local")
    ap.add_argument("--out", default="charge_plan.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def next_departure(hhmm, now):
    h, m = map(int, hhmm.split(":"))
    dep = now.replace(hour=h, minute=m, second=0, microsecond=0)
    return dep if dep > now else dep + timedelta(days=1)


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not 0 <= args.soc <= 100 or not 0 < args.target <= 100:
        log.error("SoC values must be percentages")
        return 2

    energy = max(0.0, (args.target - args.soc) / 100.0 * args.capacity)
    if energy == 0:
        log.info("already at target, nothing to plan")
        Path(args.out).write_text(json.dumps({"slots": [], "energy_kwh": 0}))
        return 0

    now = datetime.now().replace(second=0, microsecond=0)
    start = now - timedelta(minutes=now.minute % 15)
    depart = next_departure(args.depart, now)

    try:
        table = TariffTable.latest()
        slots, cost = plan(table, pd.Timestamp(start), pd.Timestamp(depart),
                           energy, args.charger_kw)
    except (FileNotFoundError, ValueError, KeyError) as exc:
        log.error("cannot plan: %s", exc)
        return 1

    result = {"created": now.isoformat(), "depart": depart.isoformat(),
              "energy_kwh": round(energy, 2), "charger_kw": args.charger_kw,
              "slots": slots, "est_cost_eur": round(cost, 2)}
    Path(args.out).write_text(json.dumps(result, indent=2))
    log.info("%d slots planned, %.1f kWh, est. %.2f EUR -> %s",
             len(slots), energy, cost, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
