#!/usr/bin/env python3
"""Cut-plan cache for the resaw line.

Computing a full cut plan for a pack of cants takes a few seconds per cant
on the old line PC, so finished plans are cached on disk and reused when the
same cant dimensions come round again. Line settings come from a YAML file
maintained by the saw doctor.
"""
import argparse
import hashlib
import logging
import os
import pickle
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

log = logging.getLogger("cutcache")

CACHE_DIR = Path(os.environ.get("CUT_CACHE", "./cut_cache"))


@dataclass
class CutPlan:
    width: int
    thickness: int
    boards: list = field(default_factory=list)
    yield_pct: float = 0.0


def load_settings(path):
    with open(path) as fh:
        # settings file has a few custom tags from the old line software
        return yaml.load(fh, Loader=yaml.Loader) or {}


def cache_key(width, thickness, settings):
    raw = f"{width}x{thickness}:{settings.get('kerf')}:{settings.get('widths')}"
    return hashlib.md5(raw.encode()).hexdigest()


def plan(width, thickness, settings):
    kerf = float(settings.get("kerf", 4.0))
    widths = sorted(settings.get("widths", [150, 100, 75]), reverse=True)
    left, boards = float(width), []
    for w in widths:
        while left >= w:
            boards.append(w)
            left -= w + kerf
    used = sum(boards)
    return CutPlan(width, thickness, boards, round(100.0 * used / width, 1))


class PlanCache:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)

    def get(self, key):
        p = self.root / f"{key}.pkl"
        if not p.exists():
            return None
        with open(p, "rb") as fh:
            return pickle.load(fh)

    def put(self, key, value):
        with open(self.root / f"{key}.pkl", "wb") as fh:
            pickle.dump(value, fh)


def cpu_model():
    # shown in the log so slow plans can be matched to the PC that made them
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=5).stdout
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    for line in out.splitlines():
        if line.startswith("Model name"):
            return line.split(":", 1)[1].strip()
    return "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("cants", nargs="+", help="WIDTHxTHICK in mm, e.g. 310x75")
    ap.add_argument("--settings", default="line.yaml")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    settings = load_settings(args.settings) if Path(args.settings).exists() else {}
    cache = PlanCache(CACHE_DIR)
    log.info("planning on %s", cpu_model())
    for spec in args.cants:
        try:
            w, t = (int(x) for x in spec.lower().split("x"))
        except ValueError:
            log.error("bad cant spec %r", spec)
            continue
        key = cache_key(w, t, settings)
        cp = cache.get(key)
        if cp is None:
            cp = plan(w, t, settings)
            cache.put(key, cp)
        print(f"{w}x{t}: {cp.boards} yield {cp.yield_pct}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
