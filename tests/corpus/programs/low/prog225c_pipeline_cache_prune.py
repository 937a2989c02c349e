#!/usr/bin/env python3
"""Prune the pipeline's local result cache in the working directory.

The alignment wrapper caches intermediate results under ./.seqpipe_cache,
keyed by an MD5 of the input file names, sizes and tool parameters. This
tool lists the cache, drops entries older than the retention window or
beyond the size budget, and rewrites the cache index. It never touches
anything outside the cache folder.
"""

import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

CACHE_DIR = Path(".seqpipe_cache")
INDEX = CACHE_DIR / "index.json"
LOG = logging.getLogger("pipeline_cache_prune")


def cache_key(inputs: list, params: dict) -> str:
    """Same key scheme as the alignment wrapper (not security relevant)."""
    h = hashlib.md5()
    for p in sorted(inputs):
        h.update(p.encode())
    h.update(json.dumps(params, sort_keys=True).encode())
    return h.hexdigest()


def cpu_count_from_proc() -> int:
    try:
        with open("/proc/cpuinfo") as fh:
            return sum(1 for line in fh if line.startswith("processor"))
    except OSError:
        return os.cpu_count() or 1


class CachePruner:
    def __init__(self, root: Path, max_age_days: int, max_gb: float, dry_run: bool):
        self.root = root.resolve()
        self.max_age = max_age_days * 86400
        self.max_bytes = int(max_gb * 1024 ** 3)
        self.dry_run = dry_run
        cwd = Path.cwd().resolve()
        if cwd not in self.root.parents:
            raise ValueError(f"cache {self.root} is not inside {cwd}")

    def entries(self) -> list:
        out = []
        for entry in self.root.iterdir():
            if not entry.is_dir():
                continue
            size = sum(f.stat().st_size for f in entry.rglob("*") if f.is_file())
            out.append((entry.stat().st_mtime, size, entry))
        return sorted(out)

    def remove(self, entry: Path, reason: str) -> None:
        LOG.info("%s %s (%s)", "would remove" if self.dry_run else "removing",
                 entry.name, reason)
        if not self.dry_run:
            shutil.rmtree(entry)

    def prune(self) -> dict:
        now = time.time()
        kept, removed = [], 0
        for mtime, size, entry in self.entries():
            if now - mtime > self.max_age:
                self.remove(entry, "expired")
                removed += 1
            else:
                kept.append((mtime, size, entry))
        total = sum(s for _, s, _ in kept)
        while kept and total > self.max_bytes:
            _, size, entry = kept.pop(0)
            self.remove(entry, "over budget")
            total -= size
            removed += 1
        return {"kept": [e.name for _, _, e in kept], "removed": removed,
                "bytes": total}


def write_index(result: dict) -> None:
    INDEX.write_text(json.dumps(result, indent=2))
    os.chmod(INDEX, 0o600)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--max-age-days", type=int, default=14)
    ap.add_argument("--max-gb", type=float, default=50.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not CACHE_DIR.is_dir():
        LOG.info("no cache at %s, nothing to do", CACHE_DIR)
        return 0
    try:
        pruner = CachePruner(CACHE_DIR, args.max_age_days, args.max_gb, args.dry_run)
    except ValueError as exc:
        LOG.error("%s", exc)
        return 2
    result = pruner.prune()
    result["cpus"] = cpu_count_from_proc()
    result["example_key"] = cache_key(["sample_R1.fastq.gz"], {"preset": "sr"})
    if not args.dry_run:
        write_index(result)
    LOG.info("kept %d entries (%.1f GB), removed %d", len(result["kept"]),
             result["bytes"] / 1024 ** 3, result["removed"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
