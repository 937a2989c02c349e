#!/usr/bin/env python3
"""Compute dependency-cache keys for CI jobs and prune stale local archives.

The key is derived from the lockfiles that define the dependency graph, so
two jobs with identical lockfiles share a cache entry.  Archives are kept in
./.ci-cache and only the newest N per prefix survive a run.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

LOG = logging.getLogger("cache-key")

LOCKFILE_TABLE = {
    "python": ["requirements.txt", "poetry.lock", "Pipfile.lock"],
    "node": ["package-lock.json", "yarn.lock", "pnpm-lock.yaml"],
    "rust": ["Cargo.lock"],
    "go": ["go.sum"],
}


class CacheKeyPlanner:
    def __init__(self, root: Path, cache_dir: Path, keep: int):
        self.root = root
        self.cache_dir = cache_dir
        self.keep = keep

    def _digest_files(self, names):
        h = hashlib.md5()
        found = []
        for name in sorted(names):
            for candidate in self.root.rglob(name):
                if ".ci-cache" in candidate.parts or "node_modules" in candidate.parts:
                    continue
                with candidate.open("rb") as fh:
                    for block in iter(lambda: fh.read(65536), b""):
                        h.update(block)
                found.append(str(candidate.relative_to(self.root)))
        return h.hexdigest(), found

    def plan(self, runner_os: str):
        keys = {}
        for ecosystem, names in LOCKFILE_TABLE.items():
            digest, files = self._digest_files(names)
            if not files:
                LOG.debug("no lockfiles for %s", ecosystem)
                continue
            prefix = f"{ecosystem}-{runner_os}"
            keys[ecosystem] = {
                "key": f"{prefix}-{digest[:16]}",
                "restore_prefix": prefix,
                "inputs": files,
            }
        return keys

    def prune(self, dry_run: bool = False):
        if not self.cache_dir.is_dir():
            return 0
        groups = {}
        for archive in self.cache_dir.glob("*.tar.zst"):
            prefix = archive.name.rsplit("-", 1)[0]
            groups.setdefault(prefix, []).append(archive)
        removed = 0
        for prefix, archives in groups.items():
            archives.sort(key=lambda p: p.stat().st_mtime, reverse=True)
            for stale in archives[self.keep:]:
                LOG.info("pruning %s", stale.name)
                if not dry_run:
                    stale.unlink()
                removed += 1
        return removed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=".", type=Path)
    ap.add_argument("--keep", type=int, default=int(os.environ.get("CACHE_KEEP", "3")))
    ap.add_argument("--runner-os", default=os.environ.get("RUNNER_OS", "linux").lower())
    ap.add_argument("--out", default="cache-keys.json")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    root = args.root.resolve()
    planner = CacheKeyPlanner(root, root / ".ci-cache", args.keep)
    keys = planner.plan(args.runner_os)
    if not keys:
        LOG.warning("no lockfiles found under %s", root)
        return 1
    out_path = root / args.out
    out_path.write_text(json.dumps(keys, indent=2, sort_keys=True))
    LOG.info("wrote %d cache keys to %s", len(keys), out_path)
    removed = planner.prune(dry_run=args.dry_run)
    LOG.info("pruned %d stale archives", removed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
