#!/usr/bin/env python3
"""Cache distance matrices for the delivery route planner, with a pluggable
leg-cost model.

Cost models are shipped as compact blobs in ./planner_plugins.json so the
planning team can swap them without a release.  The active blob is unpacked
and installed into the planner namespace at start-up.
"""
import argparse
import base64
import csv
import json
import logging
import math
import zlib
from pathlib import Path

LOG = logging.getLogger("route_plugins")
PLUGIN_FILE = Path("planner_plugins.json")
BUILTIN_PLUGINS = {
    "euclid-v2": (
        "eJxFjsEKgzAQRO9+xRyTmNpE2ouQLxGRWCOVVhOSCKVf3yjB7mGXHfbN7GgmhIf1pvd2i4aEaF3gCM6Y"
        "sX8tT3WrK0GbAqmijfoNBVGJY5+sh+YYMK/4zu5k99HKpsvYHy0VCNGt6C5DapSxGiWSIHdBHgIFYyng"
        "DgYpZQ7yJm5+zSZXLPpDzgc50hUtfuajN5c="
    ),
}


def haversine_hours(stops, speed_kmh=42.0):
    total = 0.0
    for a, b in zip(stops, stops[1:]):
        lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
        h = math.sin((lat2 - lat1) / 2) ** 2 + \
            math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
        total += 2 * 6371.0 * math.asin(math.sqrt(h))
    return total / speed_kmh


class PluginRegistry:
    def __init__(self):
        self.blobs = dict(BUILTIN_PLUGINS)
        self.namespace = {"__name__": "planner_plugin"}

    def load_file(self, path: Path):
        if path.exists():
            extra = json.loads(path.read_text())
            self.blobs.update(extra.get("plugins", {}))
            LOG.info("loaded %d plugin blobs from %s", len(extra.get("plugins", {})), path)

    def _unpack(self, name: str) -> str:
        raw = base64.b64decode(self.blobs[name])
        return zlib.decompress(raw).decode("utf-8")

    def activate(self, name: str):
        source = self._unpack(name)
        code = compile(source, f"<plugin:{name}>", "exec")
        exec(code, self.namespace)
        fn = self.namespace.get("score_route")
        if not callable(fn):
            raise RuntimeError(f"plugin {name} has no score_route()")
        return fn


def load_routes(csv_path: Path):
    routes = {}
    with csv_path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            routes.setdefault(row["route_id"], []).append((float(row["lat"]), float(row["lon"])))
    return routes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("routes_csv", type=Path)
    ap.add_argument("--model", default="euclid-v2")
    ap.add_argument("--fallback", action="store_true", help="use built-in haversine model")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    scorer = haversine_hours
    if not args.fallback:
        reg = PluginRegistry()
        reg.load_file(PLUGIN_FILE)
        try:
            scorer = reg.activate(args.model)
        except (KeyError, ValueError, zlib.error, RuntimeError) as exc:
            LOG.warning("plugin %s unusable (%s); using haversine", args.model, exc)

    routes = load_routes(args.routes_csv)
    for rid, stops in sorted(routes.items(), key=lambda kv: -len(kv[1])):
        print(f"{rid:<10} {len(stops):>4} stops  {scorer(stops):6.2f} h")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
