#!/usr/bin/env python3
"""Build rebalancing van routes and cache them between runs.

Reads the station snapshot CSV (station, lat, lon, bikes, capacity),
builds a greedy pickup/drop route per van and caches the computed plan as
a pickle in ./cache so the dispatcher can re-print it quickly.  The final
table is formatted with `column` through bash.
"""
import argparse
import hashlib
import logging
import math
import os
import pickle
import subprocess
import sys
from dataclasses import dataclass, field

LOG = logging.getLogger("route_plan")
CACHE_DIR = "./cache"


@dataclass
class Station:
    name: str
    lat: float
    lon: float
    bikes: int
    capacity: int

    @property
    def surplus(self) -> int:
        return self.bikes - self.capacity // 2


@dataclass
class VanRoute:
    van: int
    stops: list = field(default_factory=list)
    load: int = 0


def load_snapshot(path: str) -> list:
    stations = []
    with open(path, encoding="utf-8") as fh:
        next(fh, None)
        for line in fh:
            parts = [p.strip() for p in line.split(",")]
            if len(parts) != 5:
                continue
            try:
                stations.append(Station(parts[0], float(parts[1]), float(parts[2]), int(parts[3]), int(parts[4])))
            except ValueError:
                LOG.warning("skipping bad row: %s", line.strip())
    return stations


def distance(a: Station, b: Station) -> float:
    return math.hypot(a.lat - b.lat, (a.lon - b.lon) * math.cos(math.radians(a.lat)))


def plan_routes(stations: list, vans: int, van_capacity: int) -> list:
    donors = sorted((s for s in stations if s.surplus > 2), key=lambda s: -s.surplus)
    needy = sorted((s for s in stations if s.surplus < -2), key=lambda s: s.surplus)
    routes = [VanRoute(v + 1) for v in range(vans)]
    for i, donor in enumerate(donors):
        route = routes[i % vans]
        take = min(donor.surplus, van_capacity - route.load)
        if take <= 0:
            continue
        route.stops.append((donor.name, +take))
        route.load += take
        while route.load > 0 and needy:
            target = min(needy, key=lambda s: distance(donor, s))
            give = min(route.load, -target.surplus)
            route.stops.append((target.name, -give))
            route.load -= give
            target.bikes += give
            if target.surplus >= -2:
                needy.remove(target)
    return routes


def cache_path(snapshot: str, vans: int, cap: int) -> str:
    with open(snapshot, "rb") as fh:
        digest = hashlib.md5(fh.read() + f"{vans}:{cap}".encode()).hexdigest()
    return os.path.join(CACHE_DIR, f"plan-{digest}.pkl")


def get_plan(snapshot: str, vans: int, cap: int, refresh: bool) -> list:
    path = cache_path(snapshot, vans, cap)
    if os.path.exists(path) and not refresh:
        LOG.info("using cached plan %s", path)
        with open(path, "rb") as fh:
            return pickle.load(fh)
    routes = plan_routes(load_snapshot(snapshot), vans, cap)
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(path, "wb") as fh:
        pickle.dump(routes, fh)
    return routes


def print_table(routes: list) -> None:
    rows = ["VAN\tSTOP\tSTATION\tBIKES"]
    for r in routes:
        for n, (name, delta) in enumerate(r.stops, start=1):
            rows.append(f"{r.van}\t{n}\t{name}\t{delta:+d}")
    text = "\n".join(rows) + "\n"
    subprocess.run(["bash", "-c", 'column -t -s "$(printf "\\t")"'], input=text, text=True, check=False)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("snapshot", help="station snapshot CSV")
    parser.add_argument("--vans", type=int, default=3)
    parser.add_argument("--van-capacity", type=int, default=20)
    parser.add_argument("--refresh", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        routes = get_plan(args.snapshot, args.vans, args.van_capacity, args.refresh)
    except OSError as exc:
        LOG.error("%s", exc)
        return 2
    print_table(routes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
