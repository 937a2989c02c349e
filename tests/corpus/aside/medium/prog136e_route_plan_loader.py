#!/usr/bin/env python3
"""Load rebalancing van route plans produced by the planning team.

The planners ship a .tar.gz per shift containing a routes.yaml plus optional
pre-computed distance matrices (pickled numpy arrays). This tool unpacks the
bundle, loads the plan, and prints a per-van stop list for the dispatchers.
Parsed plans are cached so re-opening the same bundle is instant.
"""

import argparse
import logging
import os
import pickle
import tarfile
import xml.etree.ElementTree as ET
from pathlib import Path

import yaml

log = logging.getLogger("route_loader")

WORK_DIR = Path("/tmp/route_bundles")
CACHE_FILE = "/tmp/route_plan_cache.pkl"


class RoutePlan:
    def __init__(self, shift: str, vans: dict, matrix=None):
        self.shift = shift
        self.vans = vans
        self.matrix = matrix

    def stops_for(self, van_id: str):
        return self.vans.get(van_id, {}).get("stops", [])

    def total_moves(self) -> int:
        total = 0
        for van in self.vans.values():
            for stop in van.get("stops", []):
                total += abs(int(stop.get("move", 0)))
        return total


def unpack(bundle: Path) -> Path:
    dest = WORK_DIR / bundle.stem.replace(".tar", "")
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:gz") as tar:
        tar.extractall(dest)
    log.info("unpacked %s into %s", bundle.name, dest)
    return dest


def load_plan(folder: Path) -> RoutePlan:
    with open(folder / "routes.yaml") as fh:
        # planners use custom tags for station references
        doc = yaml.load(fh, Loader=yaml.Loader)
    matrix = None
    mpath = folder / "distances.pkl"
    if mpath.exists():
        with open(mpath, "rb") as fh:
            matrix = pickle.load(fh)
    return RoutePlan(doc.get("shift", "?"), doc.get("vans", {}), matrix)


def load_station_overrides(folder: Path) -> dict:
    """Older bundles still carry station overrides as XML."""
    path = folder / "overrides.xml"
    if not path.exists():
        return {}
    tree = ET.parse(path)
    out = {}
    for node in tree.getroot().iter("station"):
        out[node.get("id")] = node.get("capacity")
    return out


def cached_plan(bundle: Path):
    if not os.path.exists(CACHE_FILE):
        return None
    with open(CACHE_FILE, "rb") as fh:
        cache = pickle.load(fh)
    entry = cache.get(str(bundle.resolve()))
    if entry and entry["mtime"] == bundle.stat().st_mtime:
        return entry["plan"]
    return None


def store_plan(bundle: Path, plan: RoutePlan) -> None:
    cache = {}
    if os.path.exists(CACHE_FILE):
        with open(CACHE_FILE, "rb") as fh:
            cache = pickle.load(fh)
    cache[str(bundle.resolve())] = {"mtime": bundle.stat().st_mtime, "plan": plan}
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("bundle", type=Path)
    ap.add_argument("--van", help="only print this van")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.bundle.exists():
        log.error("no such bundle: %s", args.bundle)
        return 1

    plan = None if args.no_cache else cached_plan(args.bundle)
    if plan is None:
        folder = unpack(args.bundle)
        try:
            plan = load_plan(folder)
        except (OSError, yaml.YAMLError) as exc:
            log.error("bad bundle: %s", exc)
            return 1
        overrides = load_station_overrides(folder)
        if overrides:
            log.info("%d station capacity overrides", len(overrides))
        store_plan(args.bundle, plan)

    print(f"shift {plan.shift}: {len(plan.vans)} vans, {plan.total_moves()} bike moves")
    for van_id in sorted(plan.vans):
        if args.van and van_id != args.van:
            continue
        print(f"\n== van {van_id} ==")
        for n, stop in enumerate(plan.stops_for(van_id), 1):
            print(f"{n:2d}. {stop.get('station')}: {stop.get('move', 0):+d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
