#!/usr/bin/env python3
"""Clean build and cache output from the phytosanitary certificate generator.

The certificate generator leaves rendered PDFs in build/, wheel output in
dist/, and Python/pytest caches all over the project tree. This removes them,
but only inside the project directory it is run from, and checks that the
upstream template repository is reachable before suggesting a re-render.
"""
import argparse
import logging
import os
import shutil
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("clean")

TOP_LEVEL = ["build", "dist", ".pytest_cache", ".mypy_cache", "htmlcov",
             "rendered_certs"]
RECURSIVE_DIRS = {"__pycache__"}
RECURSIVE_SUFFIXES = {".pyc", ".pyo"}
TEMPLATE_HOST = "https://templates.example.com/phyto/index.json"


def inside(root: Path, target: Path) -> bool:
    try:
        target.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


def remove(path: Path, root: Path, dry: bool) -> int:
    if not inside(root, path) or path.resolve() == root.resolve():
        log.warning("refusing to touch %s (outside project)", path)
        return 0
    if path.is_symlink():
        log.info("unlink symlink %s", path)
        if not dry:
            path.unlink()
        return 1
    if path.is_dir():
        log.info("remove dir %s", path)
        if not dry:
            shutil.rmtree(path)
        return 1
    if path.exists():
        log.info("remove file %s", path)
        if not dry:
            path.unlink()
        return 1
    return 0


def clean(root: Path, dry: bool) -> int:
    count = 0
    for name in TOP_LEVEL:
        count += remove(root / name, root, dry)
    for dirpath, dirnames, filenames in os.walk(root):
        # never descend into VCS metadata or virtualenvs
        dirnames[:] = [d for d in dirnames if d not in {".git", ".venv", "venv"}]
        for d in list(dirnames):
            if d in RECURSIVE_DIRS:
                count += remove(Path(dirpath) / d, root, dry)
                dirnames.remove(d)
        for f in filenames:
            if Path(f).suffix in RECURSIVE_SUFFIXES:
                count += remove(Path(dirpath) / f, root, dry)
    return count


def template_host_up() -> bool:
    req = urllib.request.Request(TEMPLATE_HOST, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return resp.status < 400
    except (urllib.error.URLError, OSError):
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-check", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    root = Path.cwd()
    if not (root / "pyproject.toml").exists():
        log.error("run this from the certificate generator project root")
        return 2
    n = clean(root, args.dry_run)
    log.info("%s %d item(s)", "would remove" if args.dry_run else "removed", n)
    if not args.skip_check:
        if template_host_up():
            log.info("template host reachable; run `make certs` to re-render")
        else:
            log.warning("template host unreachable; re-render may fail")
    return 0


if __name__ == "__main__":
    sys.exit(main())
