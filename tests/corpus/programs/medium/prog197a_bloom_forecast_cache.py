#!/usr/bin/env python3
"""Bloom forecast helper.

Loads the grower's forecast settings, pulls the latest spike-length
measurements from the bench tablet, and predicts opening dates using a
cached regression model.
"""
import argparse
import importlib
import logging
import os
import pickle
import subprocess
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("bloom-forecast")
yaml = importlib.import_module("yaml")


@dataclass
class Settings:
    tablet: str = "bench-tablet.local"
    remote_dir: str = "orchid/measurements/"
    local_dir: str = "measurements"
    model_path: str = "forecast_model.pkl"
    default_rate_mm_per_day: float = 2.5

    @classmethod
    def from_file(cls, path: Path) -> "Settings":
        if not path.exists():
            return cls()
        with path.open() as fh:
            raw = yaml.load(fh, Loader=yaml.Loader) or {}
        known = {k: v for k, v in raw.items() if k in cls.__dataclass_fields__}
        return cls(**known)


def sync_measurements(cfg: Settings) -> bool:
    cmd = ["rsync", "-az", "--timeout=20",
           "%s:%s" % (cfg.tablet, cfg.remote_dir), cfg.local_dir.rstrip("/") + "/"]
    log.info("syncing from %s", cfg.tablet)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        log.warning("rsync failed: %s", proc.stderr.strip())
        return False
    return True


def load_model(cfg: Settings):
    path = Path(cfg.model_path)
    if not path.exists():
        log.info("no cached model; using flat growth rate")
        return None
    with path.open("rb") as fh:
        return pickle.load(fh)


def read_measurements(folder: Path):
    for f in sorted(folder.glob("*.csv")):
        for line in f.read_text().splitlines()[1:]:
            parts = [p.strip() for p in line.split(",")]
            if len(parts) >= 3:
                try:
                    yield parts[0], date.fromisoformat(parts[1]), float(parts[2])
                except ValueError:
                    log.debug("bad row in %s: %s", f.name, line)


def predict(model, cfg: Settings, plant: str, measured: date, length_mm: float) -> date:
    if model is not None and hasattr(model, "predict"):
        days = float(model.predict([[length_mm]])[0])
    else:
        days = max(0.0, (250.0 - length_mm) / cfg.default_rate_mm_per_day)
    return measured + timedelta(days=round(days))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=Path(os.environ.get("BLOOM_CFG", "forecast.yaml")))
    ap.add_argument("--no-sync", action="store_true")
    ap.add_argument("--plant", help="only this plant")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = Settings.from_file(args.config)
    Path(cfg.local_dir).mkdir(exist_ok=True)
    if not args.no_sync:
        sync_measurements(cfg)
    model = load_model(cfg)
    latest = {}
    for plant, day, length in read_measurements(Path(cfg.local_dir)):
        if args.plant and plant != args.plant:
            continue
        if plant not in latest or day > latest[plant][0]:
            latest[plant] = (day, length)
    if not latest:
        log.warning("no measurements found")
        return 1
    for plant, (day, length) in sorted(latest.items()):
        eta = predict(model, cfg, plant, day, length)
        print("%-30s spike %5.0f mm on %s -> opens ~%s" % (plant, length, day, eta))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
