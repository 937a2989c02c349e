#!/usr/bin/env python3
"""Prune stale artefacts from this project's build and cache directories.

Cache entries are keyed by an MD5 of the source file path + mtime; entries
whose key no longer matches any source file, or that are older than
--max-age days, are removed. Only directories inside the current working
directory are touched.
"""
import argparse
import configparser
import hashlib
import logging
import shutil
import time
from pathlib import Path

log = logging.getLogger("prune")

DEFAULTS = {
    "cache_dirs": ".cache/objects, build/tmp, dist/.partial",
    "source_glob": "src/**/*.py",
    "max_age_days": "14",
}


def read_config(path):
    cfg = configparser.ConfigParser()
    cfg["prune"] = DEFAULTS
    if path.exists():
        cfg.read(path)
    section = cfg["prune"]
    dirs = [d.strip() for d in section["cache_dirs"].split(",") if d.strip()]
    return dirs, section["source_glob"], int(section["max_age_days"])


def cache_key(src):
    st = src.stat()
    return hashlib.md5(f"{src.as_posix()}:{st.st_mtime_ns}".encode()).hexdigest()


def within_project(root, candidate):
    try:
        candidate.resolve().relative_to(root)
        return True
    except ValueError:
        return False


def prune_dir(root, cache_dir, live_keys, max_age, dry_run):
    removed = freed = 0
    cutoff = time.time() - max_age * 86400
    for entry in cache_dir.iterdir():
        if not within_project(root, entry):
            log.warning("skipping %s: outside project", entry)
            continue
        stem = entry.name.split(".", 1)[0]
        stale = stem not in live_keys or entry.stat().st_mtime < cutoff
        if not stale:
            continue
        size = entry.stat().st_size if entry.is_file() else 0
        log.debug("stale: %s", entry)
        if not dry_run:
            if entry.is_dir():
                shutil.rmtree(entry)
            else:
                entry.unlink()
        removed += 1
        freed += size
    return removed, freed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path("setup.cfg"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--max-age", type=int)
    ap.add_argument("--debug", action="store_true")
    opts = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if opts.debug else logging.INFO,
                        format="%(asctime)s %(levelname)-7s %(message)s")

    root = Path.cwd().resolve()
    dirs, pattern, max_age = read_config(opts.config)
    if opts.max_age is not None:
        max_age = opts.max_age

    live = {cache_key(p) for p in root.glob(pattern) if p.is_file()}
    log.info("%d live cache keys from %s", len(live), pattern)

    total_removed = total_freed = 0
    for rel in dirs:
        target = root / rel
        if not target.is_dir() or not within_project(root, target):
            log.info("nothing to do in %s", rel)
            continue
        n, b = prune_dir(root, target, live, max_age, opts.dry_run)
        log.info("%s: removed %d entries (%.1f KiB)", rel, n, b / 1024)
        total_removed += n
        total_freed += b

    verb = "would remove" if opts.dry_run else "removed"
    log.info("%s %d entries, %.1f MiB", verb, total_removed, total_freed / 2**20)


if __name__ == "__main__":
    main()
