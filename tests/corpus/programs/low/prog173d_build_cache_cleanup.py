#!/usr/bin/env python3
"""Clean build and cache output from the fleet tools repository.

Removes __pycache__, build/, dist/, *.egg-info and test caches from the
current checkout so the van image builder starts from a clean tree, and
prints which OS the builder is running on for the build log.
"""
import argparse
import logging
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("clean")

DIR_PATTERNS = ("__pycache__", ".pytest_cache", ".mypy_cache", "build", "dist", "*.egg-info")
FILE_PATTERNS = ("*.pyc", "*.pyo", ".coverage", "coverage.xml")


@dataclass
class Tally:
    dirs: int = 0
    files: int = 0
    freed: int = 0
    skipped: list = field(default_factory=list)


def os_release() -> dict:
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return info


def size_of(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def inside(root: Path, path: Path) -> bool:
    try:
        path.resolve().relative_to(root)
        return True
    except ValueError:
        return False


def _remove_dir(path: Path):
    shutil.rmtree(path)


def _remove_file(path: Path):
    path.unlink()


REMOVERS = {"dir": _remove_dir, "file": _remove_file}


def targets(root: Path):
    for pattern in DIR_PATTERNS:
        for p in root.rglob(pattern):
            if p.is_dir() and ".git" not in p.parts and ".venv" not in p.parts:
                yield "dir", p
    for pattern in FILE_PATTERNS:
        for p in root.rglob(pattern):
            if p.is_file() and ".venv" not in p.parts:
                yield "file", p


def clean(root: Path, dry_run: bool) -> Tally:
    tally = Tally()
    seen = set()
    for kind, path in targets(root):
        if path in seen or not path.exists():
            continue
        seen.add(path)
        if path.is_symlink() or not inside(root, path):
            tally.skipped.append(str(path))
            continue
        size = size_of(path)
        log.debug("%s %s (%d bytes)", "would remove" if dry_run else "removing", path, size)
        if not dry_run:
            REMOVERS[kind](path)
        setattr(tally, kind + "s", getattr(tally, kind + "s") + 1)
        tally.freed += size
    return tally


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")

    root = Path.cwd().resolve()
    if not (root / ".git").exists() and not (root / "pyproject.toml").exists():
        parser.error("run this from the root of the fleet tools checkout")

    rel = os_release()
    log.info("builder: %s (%s)", rel.get("PRETTY_NAME", "unknown"), os.uname().machine)
    tally = clean(root, args.dry_run)
    log.info(
        "%s %d dirs and %d files, %.1f MB",
        "would remove" if args.dry_run else "removed",
        tally.dirs,
        tally.files,
        tally.freed / 1e6,
    )
    for s in tally.skipped:
        log.warning("skipped %s (outside checkout or symlink)", s)


if __name__ == "__main__":
    main()
