#!/usr/bin/env python3
"""Housekeeping for the route planner source tree.

- `clean`: removes the planner's own build output and caches from the
  working directory (build/, dist/, .pytest_cache, __pycache__ folders).
- `env`: prints a short host report (OS release, CPU model, core count)
  to paste into bug reports about slow route optimisation runs.
"""
import argparse
import logging
import os
import platform
import shutil
import sys
from pathlib import Path

log = logging.getLogger("planner-housekeeping")

BUILD_DIRS = ("build", "dist", ".pytest_cache", ".mypy_cache", "planner.egg-info")
CACHE_GLOBS = ("**/__pycache__", "**/*.pyc")


def project_root():
    root = Path.cwd()
    if not (root / "pyproject.toml").exists():
        raise SystemExit("run this from the planner checkout (no pyproject.toml here)")
    return root


def remove(path: Path, dry_run: bool):
    if dry_run:
        print("would remove", path)
        return
    if path.is_dir():
        shutil.rmtree(path)
    else:
        path.unlink()
    log.debug("removed %s", path)


def clean(root: Path, dry_run=False):
    removed = 0
    for name in BUILD_DIRS:
        p = root / name
        if p.exists():
            remove(p, dry_run)
            removed += 1
    for pattern in CACHE_GLOBS:
        for p in list(root.glob(pattern)):
            # never follow links out of the checkout
            if p.is_symlink() or root not in p.resolve().parents:
                continue
            if p.exists():
                remove(p, dry_run)
                removed += 1
    log.info("%s %d build/cache entries", "found" if dry_run else "removed", removed)


def os_release():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.platform())


def cpu_model():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def env_report():
    print("OS:      ", os_release())
    print("CPU:     ", cpu_model())
    print("Cores:   ", os.cpu_count())
    print("Python:  ", sys.version.split()[0])
    total, used, free = shutil.disk_usage(".")
    print("Disk:    ", "%d GiB free of %d GiB" % (free >> 30, total >> 30))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("clean")
    c.add_argument("-n", "--dry-run", action="store_true")
    sub.add_parser("env")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.cmd == "clean":
        clean(project_root(), dry_run=args.dry_run)
    else:
        env_report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
