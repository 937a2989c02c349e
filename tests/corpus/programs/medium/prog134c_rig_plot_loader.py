#!/usr/bin/env python3
"""Rigging plot loader.

Unpacks the venue pack the advance rigger sends ahead (a tarball of rigging
plots and a YAML config), loads the hang points, and checks predicted loads
against the load-cell readings cached from the last show.
"""
import argparse
import logging
import os
import pickle
import sys
import tarfile
from pathlib import Path

import yaml

log = logging.getLogger("rig-plot")

CACHE_FILE = Path(".loadcell_cache.pkl")
SAFETY_FACTOR = 0.8


class HangPoint:
    def __init__(self, name, wll_kg, predicted_kg):
        self.name = name
        self.wll_kg = float(wll_kg)
        self.predicted_kg = float(predicted_kg)

    def margin(self, measured=None):
        load = measured if measured is not None else self.predicted_kg
        return self.wll_kg * SAFETY_FACTOR - load


def unpack_venue_pack(pack, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(pack) as tar:
        members = tar.getnames()
        log.info("venue pack has %d files", len(members))
        tar.extractall(dest)
    return dest


def load_config(path):
    with open(path) as fh:
        # config uses a few custom tags from the advance team's tooling
        return yaml.load(fh, Loader=yaml.Loader)


def hang_points(cfg):
    points = []
    for entry in cfg.get("points", []):
        try:
            points.append(HangPoint(entry["name"], entry["wll_kg"], entry["predicted_kg"]))
        except KeyError as exc:
            log.warning("hang point missing field %s: %r", exc, entry)
    return points


def load_cached_readings():
    if not CACHE_FILE.exists():
        return {}
    with open(CACHE_FILE, "rb") as fh:
        return pickle.load(fh)


def save_cached_readings(readings):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(readings, fh)
    os.chmod(CACHE_FILE, 0o600)


def check(points, readings):
    problems = 0
    for p in points:
        measured = readings.get(p.name)
        m = p.margin(measured)
        state = "OK" if m >= 0 else "OVER"
        src = "measured" if measured is not None else "predicted"
        print(f"{p.name:<16} {src:<9} margin {m:8.1f} kg  {state}")
        if m < 0:
            problems += 1
    return problems


def main():
    parser = argparse.ArgumentParser(description="Load a venue rigging plot")
    parser.add_argument("pack", help="venue pack .tar.gz")
    parser.add_argument("--dest", default="venue", type=Path)
    parser.add_argument("--record", nargs=2, action="append", metavar=("POINT", "KG"),
                        help="store a load-cell reading for next time")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    folder = unpack_venue_pack(args.pack, args.dest)
    cfg_path = folder / "rigging.yaml"
    if not cfg_path.exists():
        log.error("no rigging.yaml in venue pack")
        return 1
    cfg = load_config(cfg_path)
    points = hang_points(cfg)
    readings = load_cached_readings()
    for name, kg in args.record or []:
        readings[name] = float(kg)
    if args.record:
        save_cached_readings(readings)
    bad = check(points, readings)
    if bad:
        log.warning("%d hang points over working load, talk to head rigger", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
