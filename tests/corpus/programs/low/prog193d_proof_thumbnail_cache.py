#!/usr/bin/env python3
"""Thumbnail cache for the proofing screen.

Walks the proofs folder, fetches the rendered preview for each job from the
proof renderer, and keeps them in a local cache keyed by file content.
"""
import argparse
import asyncio
import hashlib
import importlib
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("thumbs")

RENDERER = os.environ.get("PROOF_RENDERER", "https://render.proofs.example.com/preview")
CACHE = Path(".thumbcache")
MAX_AGE_DAYS = 14


def cache_key(path: Path) -> str:
    h = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


@dataclass
class Stats:
    hits: int = 0
    fetched: int = 0
    failed: list = field(default_factory=list)


def _fetch(url: str) -> bytes:
    req_mod = importlib.import_module("urllib.request")
    with getattr(req_mod, "urlopen")(url, timeout=10) as resp:
        return resp.read()


async def ensure(path: Path, stats: Stats, sem: asyncio.Semaphore):
    key = cache_key(path)
    target = CACHE / f"{key}.png"
    if target.exists():
        stats.hits += 1
        return
    async with sem:
        try:
            data = await asyncio.to_thread(_fetch, f"{RENDERER}/{path.name}?w=320")
        except OSError as exc:
            stats.failed.append((path.name, str(exc)))
            return
    target.write_bytes(data)
    stats.fetched += 1


def prune(max_age_days: int) -> int:
    cutoff = time.time() - max_age_days * 86400
    removed = 0
    for p in CACHE.glob("*.png"):
        if p.stat().st_mtime < cutoff:
            p.unlink()
            removed += 1
    return removed


async def run(root: Path, workers: int) -> Stats:
    CACHE.mkdir(exist_ok=True)
    stats = Stats()
    sem = asyncio.Semaphore(workers)
    proofs = [Path(d) / n for d, _s, files in os.walk(root) for n in files
              if n.lower().endswith(".pdf")]
    await asyncio.gather(*(ensure(p, stats, sem) for p in proofs))
    return stats


def main():
    ap = argparse.ArgumentParser(description="Refresh proof thumbnails")
    ap.add_argument("root", type=Path, nargs="?", default=Path("proofs"))
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--prune-days", type=int, default=MAX_AGE_DAYS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    stats = asyncio.run(run(args.root, args.workers))
    removed = prune(args.prune_days)
    log.info("cache hits %d, fetched %d, pruned %d", stats.hits, stats.fetched, removed)
    for name, err in stats.failed:
        log.warning("no preview for %s: %s", name, err)


if __name__ == "__main__":
    main()
