#!/usr/bin/env python3
"""Build a content-addressed cache index for the assets of the current project.

A pool of worker threads hashes files (MD5 is only used as a cache key, it
is not a security boundary), results are collected from a queue by a
single writer thread, and the index is stored in .asset-cache/index.json
with owner-only permissions. Stale entries from previous runs are pruned.
"""
import argparse
import hashlib
import json
import logging
import os
import queue
import threading
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import yaml

log = logging.getLogger("cache-indexer")

CACHE_DIR = Path(".asset-cache")
INDEX_FILE = CACHE_DIR / "index.json"
DEFAULT_CONFIG = {"include": ["*.css", "*.js", "*.png", "*.svg"], "exclude_dirs": [".git", "node_modules"]}
_SENTINEL = object()


def cpu_count_from_proc() -> int:
    """Count processors listed in /proc/cpuinfo; fall back to os.cpu_count()."""
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="ignore") as fh:
            n = sum(1 for line in fh if line.startswith("processor"))
        return n or (os.cpu_count() or 2)
    except OSError:
        return os.cpu_count() or 2


def load_config(path: Path) -> dict:
    if not path.exists():
        return dict(DEFAULT_CONFIG)
    with path.open(encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    cfg = dict(DEFAULT_CONFIG)
    cfg.update({k: v for k, v in data.items() if k in DEFAULT_CONFIG})
    return cfg


def iter_assets(root: Path, cfg: dict):
    skip = set(cfg["exclude_dirs"]) | {CACHE_DIR.name}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in skip]
        base = Path(dirpath)
        for name in filenames:
            p = base / name
            if any(p.match(pattern) for pattern in cfg["include"]):
                yield p


def md5_key(path: Path, chunk: int = 1 << 16) -> str:
    h = hashlib.md5(usedforsecurity=False)
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def writer(results: "queue.Queue", index: dict, lock: threading.Lock) -> None:
    while True:
        item = results.get()
        try:
            if item is _SENTINEL:
                return
            rel, key, size = item
            with lock:
                index[rel] = {"key": key, "size": size}
        finally:
            results.task_done()


def build_index(root: Path, cfg: dict, workers: int) -> dict:
    index: dict = {}
    lock = threading.Lock()
    results: "queue.Queue" = queue.Queue(maxsize=256)
    t = threading.Thread(target=writer, args=(results, index, lock), name="index-writer", daemon=True)
    t.start()

    def job(path: Path):
        key = md5_key(path)
        results.put((str(path.relative_to(root)), key, path.stat().st_size))
        return path

    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="hasher") as pool:
        futures = {pool.submit(job, p): p for p in iter_assets(root, cfg)}
        for fut in as_completed(futures):
            try:
                fut.result()
            except OSError as exc:
                log.warning("could not hash %s: %s", futures[fut], exc)

    results.put(_SENTINEL)
    t.join()
    return index


def prune_stale(old: dict, new: dict) -> int:
    removed = 0
    for rel, meta in old.items():
        if rel not in new or new[rel]["key"] != meta["key"]:
            blob = CACHE_DIR / "blobs" / meta["key"]
            if blob.exists():
                blob.unlink()
                removed += 1
    return removed


def main() -> int:
    ap = argparse.ArgumentParser(description="hash project assets into a cache index")
    ap.add_argument("--config", type=Path, default=Path("cache-indexer.yml"))
    ap.add_argument("--workers", type=int, default=0)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO, format="%(threadName)s %(message)s")

    root = Path.cwd()
    cfg = load_config(args.config)
    workers = args.workers or cpu_count_from_proc()
    CACHE_DIR.mkdir(exist_ok=True)
    old = json.loads(INDEX_FILE.read_text()) if INDEX_FILE.exists() else {}

    new = build_index(root, cfg, workers)
    pruned = prune_stale(old, new)
    INDEX_FILE.write_text(json.dumps(new, indent=1, sort_keys=True))
    os.chmod(INDEX_FILE, 0o600)
    log.info("indexed %d assets with %d workers, pruned %d stale blobs", len(new), workers, pruned)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
