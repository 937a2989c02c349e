#!/usr/bin/env python3
"""Housekeeping for the box curation workstation.

The curation laptops are shared between curators during the monthly box
build. Between shifts this tidies up: old preview renders, stale
cache files and per-user leftovers so the next curator starts clean.
"""
import argparse
import logging
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("housekeeping")


@dataclass
class Target:
    label: str
    paths: list
    mode: str = "delete"          # delete | truncate
    max_age_days: float = 0.0
    patterns: list = field(default_factory=lambda: ["*"])


def workspace_targets(root):
    return [
        Target("preview renders", [root / "previews"], max_age_days=3, patterns=["*.png", "*.jpg"]),
        Target("curation cache", [root / ".cache" / "curation"], max_age_days=1),
        Target("build output", [root / "build"], max_age_days=0),
    ]


def session_targets():
    home = Path.home()
    leftovers = [home / name for name in (
        ".bash_history", ".zsh_history", ".python_history",
        ".psql_history", ".mysql_history", ".lesshst", ".viminfo",
    )]
    leftovers.append(home / ".local" / "share" / "recently-used.xbel")
    return [Target("session leftovers", leftovers, mode="truncate")]


def iter_files(target):
    cutoff = time.time() - target.max_age_days * 86400
    for base in target.paths:
        if base.is_file():
            yield base
            continue
        if not base.is_dir():
            continue
        for pattern in target.patterns:
            for p in base.rglob(pattern):
                if p.is_file() and (target.max_age_days == 0 or p.stat().st_mtime < cutoff):
                    yield p


def apply(target, dry_run):
    count = 0
    freed = 0
    for path in iter_files(target):
        try:
            size = path.stat().st_size
            if dry_run:
                LOG.info("[dry-run] would %s %s", target.mode, path)
            elif target.mode == "truncate":
                with open(path, "r+b") as fh:
                    fh.truncate(0)
            else:
                path.unlink()
            count += 1
            freed += size
        except OSError as exc:
            LOG.warning("could not %s %s: %s", target.mode, path, exc)
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
    ap.add_argument("--skip-session", action="store_true",
                    help="only clean the workspace, keep per-user leftovers")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    targets = workspace_targets(args.workspace)
    if not args.skip_session:
        targets += session_targets()

    total_files = total_bytes = 0
    for target in targets:
        n, b = apply(target, args.dry_run)
        LOG.info("%-18s %4d files  %8.1f KiB", target.label, n, b / 1024)
        total_files += n
        total_bytes += b

    if not args.dry_run:
        prune_empty_dirs(args.workspace / "previews")
        build = args.workspace / "build"
        if build.is_dir() and not any(build.iterdir()):
            shutil.rmtree(build, ignore_errors=True)

    LOG.info("cleaned %d files, %.1f MiB", total_files, total_bytes / 2**20)


if __name__ == "__main__":
    main()
