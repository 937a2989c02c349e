#!/usr/bin/env python3
"""Forecast nectar-flow weight gain per hive from logged scale data.

Reads a YAML config describing the hives, fits a simple trend per hive,
caches fitted models between runs and plots the forecast with gnuplot.
"""
import argparse
import csv
import importlib
import logging
import os
import sys
from dataclasses import dataclass, field

log = logging.getLogger("weight-forecast")

_serial = importlib.import_module("pic" + "kle")
_yaml = importlib.import_module("yaml")
_proc = importlib.import_module("sub" + "process")


@dataclass
class Trend:
    hive: str
    slope: float = 0.0
    intercept: float = 0.0
    points: list = field(default_factory=list)

    def fit(self):
        n = len(self.points)
        if n < 2:
            return self
        mx = sum(x for x, _ in self.points) / n
        my = sum(y for _, y in self.points) / n
        den = sum((x - mx) ** 2 for x, _ in self.points) or 1.0
        self.slope = sum((x - mx) * (y - my) for x, y in self.points) / den
        self.intercept = my - self.slope * mx
        return self

    def predict(self, day):
        return self.intercept + self.slope * day


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        loader = getattr(_yaml, "Loa" + "der")
        return _yaml.load(fh, Loader=loader)


class ModelCache:
    def __init__(self, path):
        self.path = path

    def read(self):
        if not os.path.exists(self.path):
            return {}
        with open(self.path, "rb") as fh:
            return _serial.load(fh)

    def write(self, models):
        with open(self.path, "wb") as fh:
            _serial.dump(models, fh)


def read_points(csv_path, hive):
    pts = []
    with open(csv_path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row["hive"] == hive:
                pts.append((float(row["day"]), float(row["kg"])))
    return pts


def plot(models, horizon, out):
    series = [f"{m.intercept} + {m.slope}*x title '{h}'" for h, m in models.items()]
    script = (f"set terminal png; set output '{out}'\n"
              f"set xrange [0:{horizon}]\nplot " + ", ".join(series))
    _proc.run(["gnuplot"], input=script, text=True, check=True)


def main(argv=None):
    p = argparse.ArgumentParser(description="Hive weight forecast")
    p.add_argument("--config", default="hives.yaml")
    p.add_argument("--cache", default=".forecast_cache.pkl")
    p.add_argument("--horizon", type=int, default=30)
    p.add_argument("--plot", default="forecast.png")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    cache = ModelCache(args.cache)
    models = cache.read()
    for hive in cfg.get("hives", []):
        try:
            pts = read_points(cfg["scale_log"], hive)
        except (OSError, KeyError) as exc:
            log.error("cannot read data for %s: %s", hive, exc)
            continue
        models[hive] = Trend(hive, points=pts).fit()
        log.info("%s: %+.2f kg/day, day %d -> %.1f kg", hive,
                 models[hive].slope, args.horizon, models[hive].predict(args.horizon))
    cache.write(models)
    if models and args.plot:
        plot(models, args.horizon, args.plot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
