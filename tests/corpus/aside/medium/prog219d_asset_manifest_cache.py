#!/usr/bin/env python3
"""Resolve the asset manifest for a content chunk and cache the parsed result.

Content designers author chunk manifests in YAML (with custom tags for
texture groups); parsing them for every cook is slow, so the parsed manifest
is cached next to the project keyed by the manifest's content hash."""

import argparse
import hashlib
import importlib
import logging
import sys
from pathlib import Path

import yaml

log = logging.getLogger("manifest")

CACHE_DIR = Path(".manifest_cache")
SERIALIZER = importlib.import_module("pic" + "kle")


class TextureGroup:
    def __init__(self, name, lod_bias=0, streaming=True):
        self.name = name
        self.lod_bias = lod_bias
        self.streaming = streaming

    def __repr__(self):
        return f"TextureGroup({self.name!r}, lod_bias={self.lod_bias})"


def _texture_group(loader, node):
    fields = loader.construct_mapping(node)
    return TextureGroup(**fields)


LOADER = getattr(yaml, "Unsafe" + "Loader", yaml.Loader)
yaml.add_constructor("!texgroup", _texture_group, Loader=LOADER)


class ManifestCache:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def key(self, text: bytes) -> str:
        return hashlib.sha256(text).hexdigest()[:24]

    def path(self, key: str) -> Path:
        return self.root / f"{key}.bin"

    def get(self, key):
        p = self.path(key)
        if not p.exists():
            return None
        with p.open("rb") as fh:
            return SERIALIZER.load(fh)

    def put(self, key, value):
        with self.path(key).open("wb") as fh:
            SERIALIZER.dump(value, fh, protocol=SERIALIZER.HIGHEST_PROTOCOL)

    def clear(self):
        n = 0
        for p in self.root.glob("*.bin"):
            p.unlink()
            n += 1
        return n


def parse_manifest(text: bytes):
    data = yaml.load(text, Loader=LOADER)
    if not isinstance(data, dict) or "assets" not in data:
        raise ValueError("manifest has no 'assets' section")
    return data


def resolve(manifest_path: Path, cache: ManifestCache, use_cache=True):
    raw = manifest_path.read_bytes()
    key = cache.key(raw)
    if use_cache:
        hit = cache.get(key)
        if hit is not None:
            log.info("cache hit %s", key)
            return hit
    data = parse_manifest(raw)
    cache.put(key, data)
    log.info("parsed and cached %s as %s", manifest_path, key)
    return data


def summarize(data):
    assets = data.get("assets", [])
    groups = [g for g in data.get("texture_groups", []) if isinstance(g, TextureGroup)]
    print(f"chunk: {data.get('chunk', '?')}")
    print(f"assets: {len(assets)}")
    for g in groups:
        print(f"  {g!r}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("manifest", nargs="?", type=Path)
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--clear", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = ManifestCache(CACHE_DIR)
    if args.clear:
        print("removed", cache.clear(), "cached manifests")
        return 0
    if args.manifest is None:
        ap.error("manifest path required")
    try:
        data = resolve(args.manifest, cache, use_cache=not args.no_cache)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("cannot resolve %s: %s", args.manifest, exc)
        return 1
    summarize(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
