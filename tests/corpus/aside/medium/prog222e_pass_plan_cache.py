#!/usr/bin/env python3
"""Pass plan cache.

Builds the upcoming pass plan for each tracked spacecraft from the local TLE
set and keeps the result in a cache in the working directory, so the
console's schedule panel can reload it instantly between refreshes.
"""
import argparse
import datetime as dt
import hashlib
import logging
import math
import pickle
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("gs.passplan")

CACHE_DIR = Path(".passplan_cache")
MU_EARTH = 398600.4418  # km^3/s^2
R_EARTH = 6378.137


@dataclass
class Spacecraft:
    name: str
    norad: int
    mean_motion: float  # revs per day
    epoch: dt.datetime

    @property
    def period_s(self):
        return 86400.0 / self.mean_motion

    @property
    def altitude_km(self):
        n = self.mean_motion * 2 * math.pi / 86400.0
        return (MU_EARTH / n ** 2) ** (1 / 3) - R_EARTH


@dataclass
class PassPlan:
    built: dt.datetime
    horizon_h: int
    passes: dict = field(default_factory=dict)


def read_tles(path):
    lines = [l.rstrip() for l in Path(path).read_text().splitlines() if l.strip()]
    craft = []
    for i in range(0, len(lines) - 2, 3):
        name, l1, l2 = lines[i:i + 3]
        year = int(l1[18:20])
        year += 2000 if year < 57 else 1900
        day = float(l1[20:32])
        epoch = dt.datetime(year, 1, 1, tzinfo=dt.timezone.utc) + dt.timedelta(days=day - 1)
        craft.append(Spacecraft(name.strip(), int(l1[2:7]), float(l2[52:63]), epoch))
    return craft


def rough_passes(sc, start, hours, visible_fraction=0.12):
    """Coarse estimate: one window per orbit, length scaled by altitude."""
    out = []
    t = start
    width = dt.timedelta(seconds=sc.period_s * visible_fraction * min(1.0, sc.altitude_km / 800))
    while t < start + dt.timedelta(hours=hours):
        out.append((t, t + width))
        t += dt.timedelta(seconds=sc.period_s)
    return out


class PlanCache:
    def __init__(self, directory):
        self.dir = directory
        self.dir.mkdir(exist_ok=True)

    def key(self, tle_path, horizon):
        h = hashlib.md5(Path(tle_path).read_bytes())
        h.update(str(horizon).encode())
        return h.hexdigest()

    def load(self, key):
        path = self.dir / (key + ".pkl")
        if not path.exists():
            return None
        with path.open("rb") as fh:
            return pickle.load(fh)

    def store(self, key, plan):
        path = self.dir / (key + ".pkl")
        with path.open("wb") as fh:
            pickle.dump(plan, fh, protocol=pickle.HIGHEST_PROTOCOL)
        path.chmod(0o600)


def build(tle_path, horizon):
    now = dt.datetime.now(dt.timezone.utc)
    plan = PassPlan(built=now, horizon_h=horizon)
    for sc in read_tles(tle_path):
        plan.passes[sc.name] = rough_passes(sc, now, horizon)
    return plan


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("tles", help="three-line TLE file")
    p.add_argument("--horizon", type=int, default=24, help="hours ahead")
    p.add_argument("--refresh", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = PlanCache(CACHE_DIR)
    try:
        key = cache.key(args.tles, args.horizon)
    except OSError as exc:
        log.error("cannot read TLEs: %s", exc)
        return 1
    plan = None if args.refresh else cache.load(key)
    if plan is None:
        plan = build(args.tles, args.horizon)
        cache.store(key, plan)
        log.info("plan rebuilt")
    else:
        log.info("plan loaded from cache (built %s)", plan.built.isoformat())
    for name, windows in sorted(plan.passes.items()):
        for aos, los in windows[:3]:
            print("%-24s %s -> %s" % (name, aos.strftime("%H:%M:%S"), los.strftime("%H:%M:%S")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
