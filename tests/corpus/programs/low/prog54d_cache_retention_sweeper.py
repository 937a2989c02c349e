#!/usr/bin/env python3
"""Sweep stale artefacts out of the project's own build cache.

Retention rules live in ./sweep.yaml, e.g.

    cache_dir: build/.cache
    max_age_days: 14
    patterns: ["*.o", "*.whl", "*.pyc"]
    keep_newest: 3
"""
import argparse
import fnmatch
import logging
import time
from pathlib import Path

import yaml

LOG = logging.getLogger("sweeper")
DEFAULTS = {"cache_dir": "build/.cache", "max_age_days": 14,
            "patterns": ["*.pyc"], "keep_newest": 2}


class SweepPolicy:
    def __init__(self, raw):
        merged = dict(DEFAULTS)
        merged.update(raw or {})
        self.cache_dir = Path(merged["cache_dir"])
        self.max_age = float(merged["max_age_days"]) * 86400
        self.patterns = list(merged["patterns"])
        self.keep_newest = int(merged["keep_newest"])

    @classmethod
    def from_file(cls, path):
        with open(path, "r", encoding="utf-8") as fh:
            return cls(yaml.safe_load(fh))

    def matches(self, name):
        return any(fnmatch.fnmatch(name, pat) for pat in self.patterns)


def resolve_inside(root, candidate):
    """Refuse to touch anything outside the working directory."""
    root = root.resolve()
    target = (root / candidate).resolve()
    if root != target and root not in target.parents:
        raise ValueError(f"{candidate} escapes {root}")
    return target


def collect(policy, base):
    cache = resolve_inside(base, policy.cache_dir)
    if not cache.is_dir():
        LOG.info("no cache at %s, nothing to do", cache)
        return []
    groups = {}
    for item in cache.rglob("*"):
        if item.is_file() and policy.matches(item.name):
            groups.setdefault(item.suffix, []).append(item)
    stale = []
    now = time.time()
    for suffix, files in groups.items():
        files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        for candidate in files[policy.keep_newest:]:
            if now - candidate.stat().st_mtime > policy.max_age:
                stale.append(candidate)
        LOG.debug("%s: %d files considered", suffix or "<none>", len(files))
    return stale


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="sweep.yaml")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        policy = SweepPolicy.from_file(args.config)
    except FileNotFoundError:
        LOG.warning("%s missing, using defaults", args.config)
        policy = SweepPolicy({})

    freed = 0
    for path in collect(policy, Path.cwd()):
        size = path.stat().st_size
        if args.dry_run:
            LOG.info("would remove %s (%d bytes)", path, size)
            continue
        try:
            path.unlink()
            freed += size
        except OSError as exc:
            LOG.error("could not remove %s: %s", path, exc)
    LOG.info("freed %.1f KiB", freed / 1024)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
