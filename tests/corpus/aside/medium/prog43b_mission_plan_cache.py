#!/usr/bin/env python3
"""Ground-station helper: parse QGC .plan / .waypoints files into Mission
objects and keep a parsed cache so the planner UI opens large survey grids
quickly. Cached missions are shared between operators via the team drive
folder that is synced into ./shared_missions.
"""
import argparse
import hashlib
import json
import logging
import math
import pickle
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("mission-cache")
CACHE_DIR = Path("shared_missions/.parsed")


@dataclass
class Waypoint:
    seq: int
    lat: float
    lon: float
    alt: float
    command: int = 16  # MAV_CMD_NAV_WAYPOINT


@dataclass
class Mission:
    name: str
    waypoints: list = field(default_factory=list)

    def length_m(self):
        total = 0.0
        for a, b in zip(self.waypoints, self.waypoints[1:]):
            dlat = math.radians(b.lat - a.lat)
            dlon = math.radians(b.lon - a.lon)
            h = math.sin(dlat / 2) ** 2 + math.cos(math.radians(a.lat)) * \
                math.cos(math.radians(b.lat)) * math.sin(dlon / 2) ** 2
            total += 2 * 6371000 * math.asin(math.sqrt(h))
        return total


def parse_plan(path):
    doc = json.loads(path.read_text())
    items = doc.get("mission", {}).get("items", [])
    wps = []
    for i, item in enumerate(items):
        params = item.get("params") or [0] * 7
        if len(params) >= 7 and params[4] is not None:
            wps.append(Waypoint(i, params[4], params[5], params[6], item.get("command", 16)))
    return Mission(path.stem, wps)


def parse_waypoints(path):
    wps = []
    for line in path.read_text().splitlines()[1:]:
        cols = line.split("\t")
        if len(cols) >= 11:
            wps.append(Waypoint(int(cols[0]), float(cols[8]), float(cols[9]),
                                float(cols[10]), int(cols[3])))
    return Mission(path.stem, wps)


def digest(path):
    return hashlib.md5(path.read_bytes()).hexdigest()


def load_mission(path):
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached = CACHE_DIR / f"{path.stem}-{digest(path)}.pkl"
    if cached.exists():
        with cached.open("rb") as fh:
            log.debug("cache hit %s", cached.name)
            return pickle.load(fh)
    parser = parse_plan if path.suffix == ".plan" else parse_waypoints
    mission = parser(path)
    with cached.open("wb") as fh:
        pickle.dump(mission, fh, protocol=pickle.HIGHEST_PROTOCOL)
    return mission


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("plans", nargs="*", type=Path)
    ap.add_argument("--all", action="store_true", help="load every plan in shared_missions")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    plans = list(args.plans)
    if args.all:
        plans += sorted(Path("shared_missions").glob("*.plan"))
        plans += sorted(Path("shared_missions").glob("*.waypoints"))
    for p in plans:
        try:
            m = load_mission(p)
        except (OSError, ValueError, pickle.UnpicklingError) as exc:
            log.error("%s: %s", p, exc)
            continue
        print(f"{m.name:30s} {len(m.waypoints):4d} wps {m.length_m() / 1000:8.2f} km")


if __name__ == "__main__":
    main()
