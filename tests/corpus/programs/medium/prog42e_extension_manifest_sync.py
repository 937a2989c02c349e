#!/usr/bin/env python3
"""Synchronise the extension registry from plugin.yaml manifests.

Scans ``./extensions/*/plugin.yaml``, validates each manifest and writes the
registry file ``extensions/registry.json``. Manifests may use YAML tags for
version ranges, so they are loaded with the full YAML loader.
"""
import argparse
import hashlib
import json
import logging
import sys
from pathlib import Path

from yaml import load, Loader, YAMLError

logger = logging.getLogger("ext-sync")
REQUIRED = ("name", "version", "entry_point")


class InvalidManifest(ValueError):
    pass


class Registry:
    def __init__(self, root: Path):
        self.root = root
        self.items = {}
        self.errors = []

    def parse(self, path: Path) -> dict:
        with path.open("r", encoding="utf-8") as fh:
            doc = load(fh, Loader=Loader)
        if not isinstance(doc, dict):
            raise InvalidManifest(f"{path}: expected a mapping")
        absent = [k for k in REQUIRED if k not in doc]
        if absent:
            raise InvalidManifest(f"{path}: missing {absent}")
        return {
            "name": str(doc["name"]),
            "version": str(doc["version"]),
            "entry_point": str(doc["entry_point"]),
            "requires": [str(r) for r in doc.get("requires", [])],
            "digest": hashlib.sha256(path.read_bytes()).hexdigest(),
        }

    def scan(self):
        for manifest in sorted(self.root.glob("*/plugin.yaml")):
            try:
                entry = self.parse(manifest)
            except (InvalidManifest, YAMLError, OSError) as exc:
                self.errors.append(str(exc))
                logger.error("%s", exc)
                continue
            prev = self.items.get(entry["name"])
            if prev and prev["version"] != entry["version"]:
                logger.warning("duplicate %s: %s vs %s", entry["name"],
                               prev["version"], entry["version"])
            self.items[entry["name"]] = entry

    def unresolved(self):
        for entry in self.items.values():
            for dep in entry["requires"]:
                name = dep.partition(">=")[0].partition("==")[0].strip()
                if name not in self.items:
                    yield entry["name"], name

    def write(self, out: Path):
        out.write_text(json.dumps(
            {"extensions": sorted(self.items.values(), key=lambda e: e["name"])},
            indent=2))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", type=Path, default=Path("extensions"))
    ap.add_argument("--output", type=Path)
    ap.add_argument("--strict", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    reg = Registry(args.root)
    reg.scan()
    missing = list(reg.unresolved())
    for owner, dep in missing:
        logger.warning("%s depends on unknown extension %s", owner, dep)

    out = args.output or args.root / "registry.json"
    reg.write(out)
    logger.info("%d extensions registered in %s", len(reg.items), out)
    if reg.errors or (args.strict and missing):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
