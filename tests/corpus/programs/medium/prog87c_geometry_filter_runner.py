#!/usr/bin/env python3
"""Track-geometry import with local filter plugins.

Reads track recording coach exports (CSV: chainage, gauge, cant, twist,
top_left, top_right), runs them through the filter chain kept in the
plugins/ directory of this checkout, and writes a cleaned CSV next to the
input.  Plugin order comes from plugins/chain.json.
"""
import argparse
import csv
import json
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("geom-filter")

PLUGIN_DIR = Path(os.environ.get("GEOM_PLUGIN_DIR", "plugins"))
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


class PluginDirectory:
    def __init__(self, root):
        self.root = Path(root)

    def manifest(self):
        chain_file = self.root / "chain.json"
        if not chain_file.exists():
            return [{"name": p.stem, "version": "local"} for p in sorted(self.root.glob("*.py"))]
        return json.loads(chain_file.read_text()).get("plugins", [])

    def fetch(self, entry):
        src = (self.root / f"{entry['name']}.py").read_text(encoding="utf-8")
        plugin = Plugin(entry["name"], entry.get("version", "local"))
        code = compile(src, f"<plugin {entry['name']}>", "exec")
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


def load_chain(source, wanted):
    chain = []
    for entry in source.manifest():
        if wanted and entry["name"] not in wanted:
            continue
        try:
            chain.append(source.fetch(entry))
            log.info("loaded plugin %s %s", entry["name"], entry.get("version", "local"))
        except Exception as exc:  # a broken plugin should not stop the import
            log.error("plugin %s failed to load: %s", entry.get("name"), exc)
    return chain


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("inputs", nargs="+", help="recording coach CSV exports")
    ap.add_argument("--only", action="append", default=[], help="restrict to named plugins")
    ap.add_argument("--plugins", default=str(PLUGIN_DIR))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    chain = load_chain(PluginDirectory(args.plugins), set(args.only))
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
