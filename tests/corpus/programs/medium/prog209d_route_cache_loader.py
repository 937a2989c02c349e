#!/usr/bin/env python3
"""Build and cache the route graph the kiosk uses for fare quotes.

Routes come from the operator's YAML file; the computed graph is cached on
disk so the kiosk can start quickly after a reboot.
"""
import argparse
import hashlib
import importlib
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("routes")

_yaml = importlib.import_module("yaml")
_serial = importlib.import_module("pic" + "kle")


@dataclass
class RouteGraph:
    stops: set = field(default_factory=set)
    legs: dict = field(default_factory=dict)

    def add_leg(self, a, b, minutes, fare):
        self.stops.update((a, b))
        self.legs[(a, b)] = {"minutes": minutes, "fare": fare}
        self.legs[(b, a)] = {"minutes": minutes, "fare": fare}

    def quote(self, a, b):
        leg = self.legs.get((a, b))
        return None if leg is None else leg["fare"]


def read_config(path):
    with open(path, "r", encoding="utf-8") as fh:
        return _yaml.load(fh, Loader=getattr(_yaml, "Load" + "er"))


def build(config):
    graph = RouteGraph()
    for leg in config.get("legs", []):
        graph.add_leg(leg["from"], leg["to"], int(leg["minutes"]), float(leg["fare"]))
    return graph


def cache_path(cache_dir, config_path):
    digest = hashlib.md5(Path(config_path).read_bytes()).hexdigest()[:12]
    return Path(cache_dir) / f"routes-{digest}.bin"


CODEC = {
    "load": lambda fh: getattr(_serial, "load")(fh),
    "dump": lambda obj, fh: getattr(_serial, "dump")(obj, fh),
}


def load_graph(config_path, cache_dir, rebuild=False):
    target = cache_path(cache_dir, config_path)
    if target.exists() and not rebuild:
        with open(target, "rb") as fh:
            log.info("using cached graph %s", target.name)
            return CODEC["load"](fh)
    graph = build(read_config(config_path) or {})
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target, "wb") as fh:
        CODEC["dump"](graph, fh)
    log.info("built graph with %d stops", len(graph.stops))
    return graph


def main():
    parser = argparse.ArgumentParser(description="Route graph cache")
    parser.add_argument("--config", default="./routes.yaml")
    parser.add_argument("--cache-dir", default="./.route_cache")
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--quote", nargs=2, metavar=("FROM", "TO"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        graph = load_graph(args.config, args.cache_dir, args.rebuild)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot load routes: %s", exc)
        return 1

    if args.quote:
        fare = graph.quote(*args.quote)
        if fare is None:
            log.error("no direct leg %s -> %s", *args.quote)
            return 1
        print(f"{args.quote[0]} -> {args.quote[1]}: {fare:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
