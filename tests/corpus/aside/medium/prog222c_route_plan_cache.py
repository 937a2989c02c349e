#!/usr/bin/env python3
"""Route plan cache for the freight dispatch planner.

Computing feasible routes across the network graph is slow, so plans are
cached on disk between planner runs. The cache lives in the working
directory and is keyed by origin, destination and train class.
"""
import argparse
import hashlib
import heapq
import json
import logging
import pickle as _serial
import sys
import time
from pathlib import Path

LOG = logging.getLogger("route-cache")

SETTINGS = {
    "cache_dir": "route_cache",
    "ttl_s": 6 * 3600,
    "graph": "network_graph.json",
    "codec": {"dump": "dumps", "load": "loads"},
}


class PlanCache:
    def __init__(self, directory, ttl, codec):
        self.dir = Path(directory)
        self.dir.mkdir(exist_ok=True)
        self.ttl = ttl
        self._dump = getattr(_serial, codec["dump"])
        self._load = getattr(_serial, codec["load"])

    def _path(self, key):
        digest = hashlib.sha256(repr(key).encode()).hexdigest()[:24]
        return self.dir / f"{digest}.plan"

    def get(self, key):
        path = self._path(key)
        if not path.exists():
            return None
        if time.time() - path.stat().st_mtime > self.ttl:
            LOG.debug("stale cache entry %s", path.name)
            return None
        try:
            return self._load(path.read_bytes())
        except Exception as exc:  # corrupt entry
            LOG.warning("dropping unreadable cache entry %s: %s", path.name, exc)
            path.unlink(missing_ok=True)
            return None

    def put(self, key, plan):
        self._path(key).write_bytes(self._dump(plan))

    def purge(self):
        n = 0
        for p in self.dir.glob("*.plan"):
            if time.time() - p.stat().st_mtime > self.ttl:
                p.unlink()
                n += 1
        return n


def load_graph(path):
    data = json.loads(Path(path).read_text())
    graph = {}
    for edge in data["edges"]:
        allowed = set(edge.get("classes", ["any"]))
        graph.setdefault(edge["from"], []).append((edge["to"], edge["km"], allowed))
        if edge.get("bidirectional", True):
            graph.setdefault(edge["to"], []).append((edge["from"], edge["km"], allowed))
    return graph


def shortest_route(graph, origin, dest, train_class):
    queue = [(0.0, origin, [origin])]
    seen = set()
    while queue:
        dist, node, path = heapq.heappop(queue)
        if node == dest:
            return {"km": round(dist, 1), "path": path}
        if node in seen:
            continue
        seen.add(node)
        for nxt, km, allowed in graph.get(node, []):
            if "any" in allowed or train_class in allowed:
                heapq.heappush(queue, (dist + km, nxt, path + [nxt]))
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("origin")
    ap.add_argument("dest")
    ap.add_argument("--train-class", default="heavy_freight")
    ap.add_argument("--graph", default=SETTINGS["graph"])
    ap.add_argument("--purge", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = PlanCache(SETTINGS["cache_dir"], SETTINGS["ttl_s"], SETTINGS["codec"])
    if args.purge:
        LOG.info("purged %d stale plans", cache.purge())

    key = (args.origin, args.dest, args.train_class)
    plan = cache.get(key)
    if plan is None:
        try:
            graph = load_graph(args.graph)
        except (OSError, ValueError, KeyError) as exc:
            LOG.error("cannot load network graph: %s", exc)
            return 1
        plan = shortest_route(graph, args.origin, args.dest, args.train_class)
        if plan is None:
            LOG.error("no route for %s", key)
            return 2
        cache.put(key, plan)
        LOG.info("plan computed and cached")
    else:
        LOG.info("plan served from cache")
    print(json.dumps(plan, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
