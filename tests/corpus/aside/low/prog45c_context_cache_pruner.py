#!/usr/bin/env python3
"""Maintain the local build-context cache in ./.ctxcache.

Each cached context tarball is keyed by an MD5 of the Dockerfile plus the
files it COPYs.  Entries whose key no longer matches any Dockerfile in the
project, or that are older than --max-age days, are removed.
"""
import argparse
import hashlib
import logging
import os
import re
import shutil
import time
from pathlib import Path

log = logging.getLogger("ctxcache")
COPY_RE = re.compile(r"^\s*(?:COPY|ADD)\s+(?:--\S+\s+)*(.+?)\s+\S+\s*$", re.I | re.M)


def cache_key(dockerfile: Path) -> str:
    digest = hashlib.md5()
    text = dockerfile.read_text(encoding="utf-8", errors="replace")
    digest.update(text.encode())
    root = dockerfile.parent
    for match in COPY_RE.finditer(text):
        for src in match.group(1).split():
            candidate = root / src
            if candidate.is_file():
                digest.update(candidate.read_bytes())
            elif candidate.is_dir():
                for f in sorted(p for p in candidate.rglob("*") if p.is_file()):
                    digest.update(str(f.relative_to(root)).encode())
                    digest.update(str(f.stat().st_mtime_ns).encode())
    return digest.hexdigest()


def live_keys(project: Path):
    keys = {}
    for df in project.rglob("Dockerfile*"):
        if ".ctxcache" in df.parts or not df.is_file():
            continue
        keys[cache_key(df)] = df
    return keys


def prune(cache_dir: Path, keep: dict, max_age_days: float, dry_run: bool):
    removed = freed = 0
    cutoff = time.time() - max_age_days * 86400
    for entry in sorted(cache_dir.iterdir()):
        key = entry.name.split(".", 1)[0]
        stale = key not in keep
        old = entry.stat().st_mtime < cutoff
        if not (stale or old):
            continue
        size = entry.stat().st_size if entry.is_file() else sum(
            p.stat().st_size for p in entry.rglob("*") if p.is_file())
        log.info("%s %s (%s, %.1f MiB)", "would remove" if dry_run else "removing",
                 entry.name, "stale" if stale else "expired", size / 2**20)
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
    ap.add_argument("--project", default=".")
    ap.add_argument("--max-age", type=float, default=14.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    project = Path(args.project).resolve()
    if project != Path.cwd().resolve() and Path.cwd().resolve() not in project.parents:
        log.error("refusing to prune outside the working directory: %s", project)
        return 1
    cache_dir = project / ".ctxcache"
    if not cache_dir.is_dir():
        log.info("no cache at %s", cache_dir)
        return 0
    keep = live_keys(project)
    removed, freed = prune(cache_dir, keep, args.max_age, args.dry_run)
    log.info("%d entries, %.1f MiB %s", removed, freed / 2**20,
             "reclaimable" if args.dry_run else "freed")
    os.utime(cache_dir)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
