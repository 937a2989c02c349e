#!/usr/bin/env python3
"""Clean the cellar-tools project build outputs and report the build host.

Removes the project's own build artefacts (build/, dist/, .cache/,
__pycache__ folders and *.pyc files) from the current checkout and prints a
short description of the machine, which is attached to build tickets.
"""
import argparse
import logging
import os
import shutil
from pathlib import Path

LOG = logging.getLogger("build-cleanup")

ARTEFACT_DIRS = ("build", "dist", ".cache", ".pytest_cache")
ARTEFACT_GLOBS = ("**/__pycache__", "**/*.pyc", "*.egg-info")


def os_release():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if "=" in line:
                    key, _, value = line.strip().partition("=")
                    info[key] = value.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", "unknown OS")


def cpu_model():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def inside(root: Path, path: Path) -> bool:
    """Only ever touch paths within the checkout."""
    try:
        path.resolve().relative_to(root)
        return True
    except ValueError:
        return False


def collect(root: Path):
    targets = [root / d for d in ARTEFACT_DIRS if (root / d).exists()]
    for pattern in ARTEFACT_GLOBS:
        targets.extend(p for p in root.glob(pattern) if ".git" not in p.parts)
    return [t for t in targets if inside(root, t) and not t.is_symlink()]


def remove(path: Path, dry_run: bool) -> int:
    if dry_run:
        LOG.info("would remove %s", path)
        return 0
    if not path.exists():
        return 0  # already gone with a parent folder
    if path.is_dir():
        shutil.rmtree(path)
    else:
        path.unlink()
    return 1


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--report-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    root = Path.cwd().resolve()
    if not (root / "pyproject.toml").exists() and not (root / "setup.py").exists():
        LOG.error("run this from the cellar-tools checkout (no pyproject.toml here)")
        return 1

    print("build host: %s | %s | %d cores" % (os_release(), cpu_model(), os.cpu_count() or 1))
    if args.report_only:
        return 0

    removed = 0
    for target in sorted(collect(root), key=lambda p: len(p.parts)):
        try:
            removed += remove(target, args.dry_run)
        except OSError as exc:
            LOG.warning("could not remove %s: %s", target, exc)
    LOG.info("removed %d build artefacts from %s", removed, root)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
