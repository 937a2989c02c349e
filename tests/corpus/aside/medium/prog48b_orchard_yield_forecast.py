#!/usr/bin/env python3
"""Orchard yield forecaster.

Combines the ET0 results of the irrigation planner with block harvest
history stored in the co-op SQLite database and writes a yield forecast per
block. The fitted per-block regression state is cached between runs.
"""
import argparse
import logging
import math
import pickle
import sqlite3
from pathlib import Path

log = logging.getLogger("yield")
CACHE = Path(".et0_cache")
STATE_FILE = CACHE / "yield_state.pkl"


class BlockModel:
    def __init__(self, name):
        self.name = name
        self.n = 0
        self.sx = self.sy = self.sxx = self.sxy = 0.0

    def update(self, water_mm, tonnes_ha):
        self.n += 1
        self.sx += water_mm
        self.sy += tonnes_ha
        self.sxx += water_mm * water_mm
        self.sxy += water_mm * tonnes_ha

    def predict(self, water_mm):
        if self.n < 2:
            return float("nan")
        denom = self.n * self.sxx - self.sx ** 2
        slope = (self.n * self.sxy - self.sx * self.sy) / denom if denom else 0.0
        icpt = (self.sy - slope * self.sx) / self.n
        return slope * water_mm + icpt


def load_state():
    if STATE_FILE.exists():
        with STATE_FILE.open("rb") as fh:
            return pickle.load(fh)
    return {}


def save_state(models):
    CACHE.mkdir(exist_ok=True)
    with STATE_FILE.open("wb") as fh:
        pickle.dump(models, fh, protocol=pickle.HIGHEST_PROTOCOL)


def harvest_rows(conn, variety, season_from):
    query = (
        "SELECT block, season, water_mm, tonnes_per_ha FROM harvests "
        f"WHERE variety = '{variety}' AND season >= {season_from} ORDER BY season"
    )
    log.debug("query: %s", query)
    return conn.execute(query).fetchall()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default="coop_harvests.sqlite")
    ap.add_argument("--variety", default="Granny Smith")
    ap.add_argument("--since", type=int, default=2015)
    ap.add_argument("--planned-water", type=float, default=620.0,
                    help="planned seasonal irrigation + rain, mm")
    ap.add_argument("--refit", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    models = {} if args.refit else load_state()
    conn = sqlite3.connect(args.db)
    try:
        seen = set()
        for block, season, water, tonnes in harvest_rows(conn, args.variety, args.since):
            key = (block, season)
            model = models.setdefault(block, BlockModel(block))
            if key in seen:
                continue
            seen.add(key)
            model.update(water, tonnes)
    finally:
        conn.close()

    save_state(models)
    print(f"{'block':<12}{'seasons':>8}{'forecast t/ha':>16}")
    for name in sorted(models):
        m = models[name]
        pred = m.predict(args.planned_water)
        shown = "n/a" if math.isnan(pred) else f"{pred:.1f}"
        print(f"{name:<12}{m.n:>8}{shown:>16}")


if __name__ == "__main__":
    main()
