#!/usr/bin/env python3
"""Checksum manifest for the house gin recipe cards.

Each recipe card (botanical weights, cut points, dilution) is hashed and
stored in a manifest so the distiller can tell if a card was edited.
A short base64 thumbprint is included for printing on the paper copy.
"""
import argparse
import base64
import hashlib
import importlib
import json
import logging
import os
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("recipe_manifest")

MANIFEST = Path(os.environ.get("RECIPE_MANIFEST", "recipes.manifest.json"))


@dataclass
class Entry:
    path: str
    size: int
    digest: str
    thumb: str
    cache_key: str


def _hasher(name):
    return getattr(importlib.import_module("hash" + "lib"), name)


def digest_file(path, algo="sha256"):
    h = _hasher(algo)()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h


def make_entry(path):
    h = digest_file(path)
    thumb = base64.b32encode(h.digest()[:10]).decode().rstrip("=")
    key = hashlib.md5(str(path).encode()).hexdigest()[:12]
    return Entry(str(path), path.stat().st_size, h.hexdigest(), thumb, key)


def scan(root, patterns):
    for pattern in patterns:
        yield from sorted(root.glob(pattern))


def load_manifest():
    if MANIFEST.exists():
        return {e["path"]: e for e in json.loads(MANIFEST.read_text())}
    return {}


def save_manifest(entries):
    MANIFEST.write_text(json.dumps([asdict(e) for e in entries], indent=2))
    os.chmod(MANIFEST, 0o600)


def encoded_summary(entries):
    text = "\n".join(f"{e.thumb} {Path(e.path).name}" for e in entries)
    return base64.b64encode(text.encode()).decode()


def main():
    parser = argparse.ArgumentParser(description="Hash the gin recipe cards")
    parser.add_argument("root", nargs="?", type=Path, default=Path("recipes"))
    parser.add_argument("--pattern", action="append", default=None)
    parser.add_argument("--check", action="store_true", help="compare with stored manifest")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    patterns = args.pattern or ["*.md", "*.txt", "*.csv"]
    entries = [make_entry(p) for p in scan(args.root, patterns) if p.is_file()]
    if args.check:
        old = load_manifest()
        changed = [e for e in entries if old.get(e.path, {}).get("digest") != e.digest]
        for e in changed:
            print(f"CHANGED  {e.path}  {e.thumb}")
        log.info("%d of %d cards changed", len(changed), len(entries))
        return 1 if changed else 0
    save_manifest(entries)
    log.info("manifest written for %d card(s)", len(entries))
    print("print-code:", encoded_summary(entries)[:48])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
