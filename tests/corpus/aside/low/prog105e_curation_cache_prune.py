#!/usr/bin/env python3
"""Prune the box curation workspace.

During the monthly box build the curation tool leaves behind preview
renders, cache files and build output. This removes the old ones from
the workspace so the shared drive doesn't fill up.
"""
import argparse
import logging
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("cache_prune")


@dataclass
class Target:
    label: str
    paths: list
    max_age_days: float = 0.0
    patterns: list = field(default_factory=lambda: ["*"])


def workspace_targets(root):
    return [
        Target("preview renders", [root / "previews"], max_age_days=3, patterns=["*.png", "*.jpg"]),
        Target("curation cache", [root / ".cache" / "curation"], max_age_days=1),
        Target("build output", [root / "build"], max_age_days=0),
        Target("old exports", [root / "exports"], max_age_days=30, patterns=["box_plan_*.csv"]),
    ]


def iter_files(target, root):
    cutoff = time.time() - target.max_age_days * 86400
    for base in target.paths:
        if not base.is_dir():
            continue
        # never follow links out of the workspace
        if root.resolve() not in base.resolve().parents and base.resolve() != root.resolve():
            LOG.warning("skipping %s: outside workspace", base)
            continue
        for pattern in target.patterns:
            for p in base.rglob(pattern):
                if p.is_file() and not p.is_symlink() and (
                        target.max_age_days == 0 or p.stat().st_mtime < cutoff):
                    yield p


def apply(target, root, dry_run):
    count = 0
    freed = 0
    for path in iter_files(target, root):
        try:
            size = path.stat().st_size
            if dry_run:
                LOG.info("[dry-run] would delete %s", path)
            else:
                path.unlink()
            count += 1
            freed += size
        except OSError as exc:
            LOG.warning("could not delete %s: %s", path, exc)
    return count, freed


def prune_empty_dirs(root):
    for dirpath, dirnames, filenames in os.walk(root, topdown=False):
        if not dirnames and not filenames and Path(dirpath) != root:
            try:
                os.rmdir(dirpath)
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workspace", type=Path, default=Path.cwd())
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    root = args.workspace
    if not (root / "curation.toml").exists():
        LOG.error("%s does not look like a curation workspace (no curation.toml)", root)
        return 2

    total_files = total_bytes = 0
    for target in workspace_targets(root):
        n, b = apply(target, root, args.dry_run)
        LOG.info("%-16s %4d files  %8.1f KiB", target.label, n, b / 1024)
        total_files += n
        total_bytes += b

    if not args.dry_run:
        prune_empty_dirs(root / "previews")
        build = root / "build"
        if build.is_dir() and not any(build.iterdir()):
            shutil.rmtree(build, ignore_errors=True)

    LOG.info("cleaned %d files, %.1f MiB", total_files, total_bytes / 2**20)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
