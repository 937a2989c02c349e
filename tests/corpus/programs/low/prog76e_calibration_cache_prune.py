#!/usr/bin/env python3
"""Prune the master-calibration cache of the imaging reduction pipeline.

Master darks, flats and biases are cached under ./calcache, keyed by an MD5
of the header values that make two masters interchangeable (camera, binning,
gain, offset, set-point temperature, filter, exposure). The cache grows by a
few GB per week; this tool keeps the newest masters for each key and removes
the rest, then rewrites the cache index.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("calcache")

KEY_FIELDS = ("INSTRUME", "XBINNING", "YBINNING", "GAIN", "OFFSET",
              "SET-TEMP", "FILTER", "EXPTIME", "IMAGETYP")


def cache_key(header: dict) -> str:
    """Cache key for a master frame, from the header values that matter."""
    parts = [f"{k}={header.get(k, '')}" for k in KEY_FIELDS]
    return hashlib.md5("|".join(parts).encode()).hexdigest()


def load_index(index_path: Path) -> dict:
    if not index_path.exists():
        return {}
    try:
        return json.loads(index_path.read_text())
    except json.JSONDecodeError as exc:
        LOG.warning("index %s unreadable (%s), rebuilding from sidecars", index_path, exc)
        return {}


def scan(cache_dir: Path):
    """Yield (key, path, mtime) for every master with a JSON header sidecar."""
    for sidecar in cache_dir.rglob("*.hdr.json"):
        fits = sidecar.with_name(sidecar.name.replace(".hdr.json", ".fits"))
        if not fits.exists():
            LOG.debug("orphan sidecar %s", sidecar)
            sidecar.unlink()
            continue
        try:
            header = json.loads(sidecar.read_text())
        except json.JSONDecodeError:
            LOG.warning("bad sidecar %s, skipping", sidecar)
            continue
        yield cache_key(header), fits, fits.stat().st_mtime


def plan(entries, keep: int, max_age_days: float):
    by_key = defaultdict(list)
    for key, path, mtime in entries:
        by_key[key].append((mtime, path))
    cutoff = time.time() - max_age_days * 86400
    keep_set, drop = {}, []
    for key, items in by_key.items():
        items.sort(reverse=True)
        for i, (mtime, path) in enumerate(items):
            if i < keep or mtime >= cutoff:
                keep_set.setdefault(key, []).append(str(path))
            else:
                drop.append(path)
    return keep_set, drop


def remove(paths, dry_run: bool) -> int:
    freed = 0
    for p in paths:
        size = p.stat().st_size
        LOG.info("%s %s (%.1f MB)", "would remove" if dry_run else "removing", p, size / 1e6)
        if not dry_run:
            p.unlink()
            sidecar = p.with_name(p.name.replace(".fits", ".hdr.json"))
            sidecar.unlink(missing_ok=True)
        freed += size
    return freed


def write_index(index_path: Path, keep_set: dict) -> None:
    tmp = index_path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"updated": time.time(), "keys": keep_set}, indent=1))
    os.chmod(tmp, 0o600)
    tmp.replace(index_path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache", type=Path, default=Path("calcache"))
    ap.add_argument("--keep", type=int, default=2, help="masters kept per key")
    ap.add_argument("--max-age", type=float, default=30.0,
                    help="days after which surplus masters are removed")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.cache.is_dir():
        LOG.error("no cache directory at %s", args.cache)
        return 1
    index_path = args.cache / "index.json"
    old = load_index(index_path)

    keep_set, drop = plan(scan(args.cache), args.keep, args.max_age)
    freed = remove(drop, args.dry_run)
    if not args.dry_run:
        write_index(index_path, keep_set)
    LOG.info("%d keys (was %d), %d masters removed, %.2f GB freed",
             len(keep_set), len(old.get("keys", {})), len(drop), freed / 1e9)
    return 0


if __name__ == "__main__":
    sys.exit(main())
