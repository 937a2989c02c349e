#!/usr/bin/env python3
"""Refresh county GIS layers from ArcGIS REST FeatureServer endpoints.

Each layer in layers.json names a FeatureServer layer URL and, optionally, a
transform. Transforms are the per-layer cleanup functions kept next to this
script in ./transforms/ (field renames, CRS fixes, parcel-id normalisation),
checked into the same repository as the layer config.

Output is written as GeoJSON to ./layers/<name>.geojson.
"""
import argparse
import json
import logging
import os
import sys
import types
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("gis_layer_refresh")

TRANSFORM_DIR = os.environ.get("GIS_TRANSFORM_DIR", "transforms")
PAGE_SIZE = 2000


def http_get(url, timeout=60):
    req = urllib.request.Request(url, headers={"User-Agent": "gis-layer-refresh/2.1"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


class TransformRegistry:
    """Resolves transform names to callables, caching loaded modules."""

    def __init__(self, base_dir):
        self.base_dir = Path(base_dir)
        self._mods = {}

    def _source_for(self, name):
        path = self.base_dir / f"{name}.py"
        log.debug("loading transform %s from %s", name, path)
        return str(path), path.read_text(encoding="utf-8")

    def _load(self, name):
        origin, src = self._source_for(name)
        mod = types.ModuleType(f"layer_transforms.{name}")
        mod.__file__ = origin
        code = compile(src, origin, "exec")
        exec(code, mod.__dict__)
        if not callable(getattr(mod, "transform", None)):
            raise ValueError(f"transform module {name} has no transform()")
        return mod

    def get(self, name):
        if not name:
            return lambda feature: feature
        if name not in self._mods:
            self._mods[name] = self._load(name)
        return self._mods[name].transform


def query_layer(layer_url, where="1=1", out_sr=4326):
    """Yield GeoJSON features from a FeatureServer layer, following paging."""
    offset = 0
    while True:
        params = urllib.parse.urlencode({
            "where": where,
            "outFields": "*",
            "outSR": out_sr,
            "f": "geojson",
            "resultOffset": offset,
            "resultRecordCount": PAGE_SIZE,
        })
        payload = json.loads(http_get(f"{layer_url.rstrip('/')}/query?{params}"))
        if "error" in payload:
            raise RuntimeError(f"{layer_url}: {payload['error'].get('message')}")
        feats = payload.get("features", [])
        yield from feats
        exceeded = payload.get("exceededTransferLimit") or \
            payload.get("properties", {}).get("exceededTransferLimit")
        if not feats or not exceeded:
            return
        offset += len(feats)


def update_layer(layer, registry, out_dir):
    name = layer["name"]
    fn = registry.get(layer.get("transform"))
    features, dropped = [], 0
    for feat in query_layer(layer["url"], layer.get("where", "1=1")):
        out = fn(feat)
        if out is None:
            dropped += 1
            continue
        features.append(out)
    dest = out_dir / f"{name}.geojson"
    tmp = dest.with_suffix(".geojson.part")
    tmp.write_text(json.dumps({"type": "FeatureCollection", "features": features}))
    tmp.replace(dest)
    log.info("%s: %d features written, %d dropped by transform", name, len(features), dropped)
    return len(features)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Refresh GIS layers from ArcGIS REST services")
    ap.add_argument("-c", "--config", default="layers.json")
    ap.add_argument("-o", "--out", default="layers")
    ap.add_argument("--only", action="append", help="update only these layer names")
    ap.add_argument("--transform-dir", default=TRANSFORM_DIR)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        layers = json.loads(Path(args.config).read_text())["layers"]
    except (OSError, KeyError, json.JSONDecodeError) as exc:
        log.error("cannot read layer config %s: %s", args.config, exc)
        return 2

    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    registry = TransformRegistry(args.transform_dir)
    errors = 0
    for layer in layers:
        if args.only and layer["name"] not in args.only:
            continue
        try:
            update_layer(layer, registry, out_dir)
        except (OSError, urllib.error.URLError, RuntimeError, ValueError) as exc:
            errors += 1
            log.error("layer %s failed: %s", layer.get("name"), exc)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
