#!/usr/bin/env python3
"""Maintain the local staging cache of a job-submission project.

Input decks are copied into ``./.stage_cache/<md5-of-path+mtime>/`` before
being tarred up for the cluster.  This janitor rebuilds the cache manifest,
prunes stale entries and the ``./build`` directory produced by the previous
packaging step, and keeps the manifest private to the user.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import time
from pathlib import Path

log = logging.getLogger("janitor")
CACHE = Path(".stage_cache")
BUILD = Path("build")
MANIFEST = CACHE / "manifest.json"


def cache_key(src: Path) -> str:
    """Stable cache key; MD5 is fine here, nothing security-relevant."""
    st = src.stat()
    h = hashlib.md5(usedforsecurity=False)
    h.update(str(src.resolve()).encode())
    h.update(str(int(st.st_mtime)).encode())
    return h.hexdigest()


def stage(decks_dir: Path) -> dict:
    manifest = {}
    for deck in sorted(decks_dir.glob("*.inp")):
        key = cache_key(deck)
        slot = CACHE / key
        if not slot.exists():
            slot.mkdir(parents=True)
            shutil.copy2(deck, slot / deck.name)
            log.info("staged %s -> %s", deck, slot)
        manifest[key] = {"source": str(deck), "staged_at": time.time()}
    return manifest


def prune(manifest: dict, max_age_days: float, dry_run: bool) -> int:
    cutoff = time.time() - max_age_days * 86400
    removed = 0
    for slot in CACHE.iterdir():
        if not slot.is_dir():
            continue
        if slot.name in manifest and manifest[slot.name]["staged_at"] > cutoff:
            continue
        if slot.stat().st_mtime > cutoff and slot.name in manifest:
            continue
        log.info("%s stale slot %s", "would remove" if dry_run else "removing", slot)
        if not dry_run:
            shutil.rmtree(slot)
        removed += 1
    return removed


def clean_build(dry_run: bool):
    if BUILD.is_dir():
        log.info("%s %s/", "would remove" if dry_run else "removing", BUILD)
        if not dry_run:
            shutil.rmtree(BUILD)
    for leftover in Path(".").glob("*.stage.tar.gz"):
        log.info("removing old bundle %s", leftover)
        if not dry_run:
            leftover.unlink()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--decks", default="decks")
    ap.add_argument("--max-age-days", type=float, default=14)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    CACHE.mkdir(exist_ok=True)
    manifest = stage(Path(args.decks))
    removed = prune(manifest, args.max_age_days, args.dry_run)
    clean_build(args.dry_run)

    if not args.dry_run:
        MANIFEST.write_text(json.dumps(manifest, indent=1))
        os.chmod(MANIFEST, 0o600)
    log.info("%d entries staged, %d stale slots pruned", len(manifest), removed)


if __name__ == "__main__":
    main()
