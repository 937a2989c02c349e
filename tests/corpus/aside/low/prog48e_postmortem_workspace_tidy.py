#!/usr/bin/env python3
"""Post-incident cleanup for the postmortem workspace.

After the postmortem doc is published, remove the scratch artefacts this
repo's tooling generated (build output, caches, rendered graphs) from the
current working directory. Never touches anything outside the workspace."""
import argparse
import fnmatch
import logging
import os
import shutil
from pathlib import Path

log = logging.getLogger("tidy")

GENERATED_DIRS = ["build", "dist", ".pytest_cache", ".mypy_cache", "rendered_graphs"]
GENERATED_GLOBS = ["*.pyc", "*.pyo", "timeline_*.html", "scratch_*.csv"]
KEEP = {"postmortem.md", "timeline.json", "README.md"}


def inside(root, target):
    try:
        target.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


def collect(root):
    doomed = []
    for name in GENERATED_DIRS:
        p = root / name
        if p.is_dir() and not p.is_symlink():
            doomed.append(p)
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in (".git", *GENERATED_DIRS)]
        for fname in filenames:
            if fname in KEEP:
                continue
            if any(fnmatch.fnmatch(fname, pat) for pat in GENERATED_GLOBS):
                doomed.append(Path(dirpath) / fname)
    return doomed


def size_of(path):
    if path.is_file():
        return path.stat().st_size
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def remove(paths, root, dry_run):
    freed = 0
    for p in paths:
        if not inside(root, p):
            log.warning("skipping %s: outside workspace", p)
            continue
        freed += size_of(p)
        if dry_run:
            log.info("would remove %s", p)
            continue
        if p.is_dir():
            shutil.rmtree(p)
        else:
            p.unlink()
        log.info("removed %s", p)
    return freed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    root = Path.cwd()
    if not (root / "postmortem.md").exists():
        log.error("no postmortem.md here; run from the postmortem workspace")
        return 2
    targets = collect(root)
    if not targets:
        log.info("workspace already clean")
        return 0
    freed = remove(targets, root, args.dry_run)
    verb = "would free" if args.dry_run else "freed"
    log.info("%s %.1f MiB across %d paths", verb, freed / 2**20, len(targets))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
