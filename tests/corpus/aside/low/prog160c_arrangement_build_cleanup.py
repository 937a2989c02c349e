#!/usr/bin/env python3
"""Tidy the working folder of the arrangement-brochure generator.

Removes the build output and caches this project creates (rendered PDFs,
thumbnails, __pycache__) and prints a short environment report for the
support ticket. Only paths inside the project folder are touched.
"""
import argparse
import logging
import platform
import shutil
import sys
from pathlib import Path

LOG = logging.getLogger("cleanup")

BUILD_DIRS = ("build", "dist", ".brochure-cache", "thumbnails")
CACHE_GLOBS = ("**/__pycache__", "**/*.pyc", "**/.pytest_cache")


def read_os_release():
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                key, _, value = line.strip().partition("=")
                if key:
                    info[key] = value.strip('"')
    except OSError:
        pass
    return info


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def inside(root, path):
    try:
        path.resolve().relative_to(root)
        return True
    except ValueError:
        return False


def targets(root):
    for name in BUILD_DIRS:
        candidate = root / name
        if candidate.exists():
            yield candidate
    for pattern in CACHE_GLOBS:
        yield from root.glob(pattern)


def remove(path, dry_run):
    if dry_run:
        LOG.info("would remove %s", path)
        return
    if path.is_dir():
        shutil.rmtree(path)
    else:
        path.unlink()
    LOG.info("removed %s", path)


def report():
    os_info = read_os_release()
    print("OS:      %s" % os_info.get("PRETTY_NAME", platform.platform()))
    print("CPU:     %s" % cpu_model())
    print("Python:  %s" % platform.python_version())


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--project", type=Path, default=Path.cwd())
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--report", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    args = parse_args(argv)
    root = args.project.resolve()
    if not (root / "brochure.toml").exists():
        LOG.error("%s does not look like the brochure project", root)
        return 2
    removed = 0
    for path in list(targets(root)):
        if not inside(root, path) or path.resolve() == root:
            LOG.warning("skipping %s (outside project)", path)
            continue
        if path.exists():
            remove(path, args.dry_run)
            removed += 1
    LOG.info("%d item(s) cleaned", removed)
    if args.report:
        report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
