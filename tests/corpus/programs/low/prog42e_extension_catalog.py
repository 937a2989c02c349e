#!/usr/bin/env python3
"""Build a catalog of editor extensions from their plugin.yaml manifests.

Every sub-directory of ``./extensions`` holds a ``plugin.yaml``. The catalog
(``extensions/catalog.json``) lists name, version, entry point and declared
dependencies, and a per-manifest cache avoids re-parsing unchanged files.
"""
import argparse
import hashlib
import json
import logging
import sys
from pathlib import Path

import yaml

logger = logging.getLogger("ext-catalog")
REQUIRED_KEYS = ("name", "version", "entry_point")
CACHE_DIR = Path(".catalog-cache")


def cache_key(raw: bytes) -> str:
    # Content fingerprint only; not used for anything security relevant.
    return hashlib.md5(raw).hexdigest()


class ManifestError(ValueError):
    pass


def load_manifest(path: Path, use_cache: bool) -> dict:
    raw = path.read_bytes()
    key = cache_key(raw)
    cached = CACHE_DIR / f"{key}.json"
    if use_cache and cached.exists():
        return json.loads(cached.read_text())
    doc = yaml.safe_load(raw) or {}
    if not isinstance(doc, dict):
        raise ManifestError(f"{path}: top level must be a mapping")
    missing = [k for k in REQUIRED_KEYS if k not in doc]
    if missing:
        raise ManifestError(f"{path}: missing {', '.join(missing)}")
    entry = {
        "name": str(doc["name"]),
        "version": str(doc["version"]),
        "entry_point": str(doc["entry_point"]),
        "requires": [str(r) for r in doc.get("requires", [])],
        "source": str(path.parent),
    }
    if use_cache:
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_text(json.dumps(entry))
    return entry


def check_dependencies(entries: list) -> list:
    known = {e["name"] for e in entries}
    problems = []
    for e in entries:
        for dep in e["requires"]:
            dep_name = dep.split(">=")[0].split("==")[0].strip()
            if dep_name not in known:
                problems.append(f"{e['name']} requires unknown extension {dep_name}")
    return problems


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("root", nargs="?", default="extensions", type=Path)
    p.add_argument("--no-cache", action="store_true")
    p.add_argument("--clear-cache", action="store_true")
    p.add_argument("--strict", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[%(name)s] %(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        for stale in CACHE_DIR.glob("*.json"):
            stale.unlink()
        logger.info("cleared %s", CACHE_DIR)

    entries, errors = [], 0
    for manifest in sorted(args.root.glob("*/plugin.yaml")):
        try:
            entries.append(load_manifest(manifest, not args.no_cache))
        except (ManifestError, yaml.YAMLError) as exc:
            logger.error("%s", exc)
            errors += 1

    for problem in check_dependencies(entries):
        logger.warning(problem)
        errors += args.strict

    out = args.root / "catalog.json"
    out.write_text(json.dumps({"extensions": entries}, indent=2, sort_keys=True))
    logger.info("wrote %d extensions to %s (%d errors)", len(entries), out, errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
