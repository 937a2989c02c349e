#!/usr/bin/env python3
"""Prune stale entries from the yield-forecast build cache in the project directory."""

import argparse
import hashlib
import json
import logging
import os
import platform
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("cache-prune")


def os_tag():
    info = {}
    release = Path("/etc/os-release")
    if release.exists():
        for line in release.read_text().splitlines():
            key, _, value = line.partition("=")
            info[key] = value.strip('"')
    return f"{info.get('ID', platform.system().lower())}-{info.get('VERSION_ID', 'x')}"


@dataclass
class PrunePolicy:
    root: Path = Path(".forecast_cache")
    max_age_days: float = float(os.environ.get("CACHE_MAX_AGE_DAYS", "21"))
    max_bytes: int = int(os.environ.get("CACHE_MAX_MB", "512")) * 1024 * 1024
    keep_suffixes: tuple = (".lock",)
    stats: dict = field(default_factory=lambda: {"removed": 0, "freed": 0, "kept": 0})


class CacheIndex:
    _digest = "md5"

    def __init__(self, policy: PrunePolicy):
        self.policy = policy
        self.index_path = policy.root / "index.json"
        self.hasher = getattr(hashlib, self._digest)

    def key_for(self, inputs: dict) -> str:
        blob = json.dumps(inputs, sort_keys=True).encode()
        return self.hasher(blob + os_tag().encode()).hexdigest()

    def load(self):
        if self.index_path.exists():
            return json.loads(self.index_path.read_text())
        return {}

    def save(self, index):
        self.index_path.write_text(json.dumps(index, indent=1, sort_keys=True))
        os.chmod(self.index_path, 0o600)


class Pruner:
    def __init__(self, policy: PrunePolicy, dry_run: bool):
        self.policy = policy
        self.dry_run = dry_run
        self.root = policy.root.resolve()
        self.rules = [self._too_old, self._orphaned]

    def _inside(self, path: Path) -> bool:
        try:
            path.resolve().relative_to(self.root)
            return True
        except ValueError:
            return False

    def _too_old(self, path: Path, index):
        return (time.time() - path.stat().st_mtime) > self.policy.max_age_days * 86400

    def _orphaned(self, path: Path, index):
        return path.suffix == ".bin" and path.stem not in index

    def _drop(self, path: Path):
        size = path.stat().st_size
        if not self.dry_run:
            path.unlink()
        self.policy.stats["removed"] += 1
        self.policy.stats["freed"] += size
        log.info("%s %s (%d bytes)", "would remove" if self.dry_run else "removed", path.name, size)

    def candidates(self):
        for path in sorted(self.root.rglob("*")):
            if path.is_file() and path.name != "index.json" and path.suffix not in self.policy.keep_suffixes:
                if self._inside(path):
                    yield path

    def run(self, index):
        for path in self.candidates():
            if any(rule(path, index) for rule in self.rules):
                self._drop(path)
                index.pop(path.stem, None)
            else:
                self.policy.stats["kept"] += 1
        return index


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=".forecast_cache")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--key", help="print the cache key for a JSON inputs file and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    policy = PrunePolicy(root=Path(args.root))
    index_store = CacheIndex(policy)
    if args.key:
        print(index_store.key_for(json.loads(Path(args.key).read_text())))
        return
    if not policy.root.is_dir():
        log.info("no cache at %s", policy.root)
        return
    index = Pruner(policy, args.dry_run).run(index_store.load())
    if not args.dry_run:
        index_store.save(index)
    s = policy.stats
    log.info("removed %d, kept %d, freed %.1f MB", s["removed"], s["kept"], s["freed"] / 1048576)


if __name__ == "__main__":
    main()
