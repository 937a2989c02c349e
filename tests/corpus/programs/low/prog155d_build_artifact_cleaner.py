#!/usr/bin/env python3
"""Clean build leftovers from the harvest-robot firmware checkout.

Removes the build output and Python/tool caches inside the current
project directory and prints a short host summary (CPU model, OS release)
that we paste into firmware build tickets. It refuses to touch anything
outside the working directory.
"""
import argparse
import logging
import os
import shutil
from pathlib import Path

LOG = logging.getLogger("cleaner")

TARGET_DIRS = ["build", "dist", ".pytest_cache", ".mypy_cache", ".tox", "firmware/out"]
TARGET_GLOBS = ["**/__pycache__", "**/*.pyc", "**/*.o", "*.egg-info"]


def inside(base: Path, p: Path) -> bool:
    try:
        p.resolve().relative_to(base.resolve())
        return True
    except ValueError:
        return False


def size_of(p: Path) -> int:
    if p.is_file():
        return p.stat().st_size
    return sum(f.stat().st_size for f in p.rglob("*") if f.is_file())


class Cleaner:
    def __init__(self, base: Path, dry_run: bool):
        self.base = base
        self.dry_run = dry_run
        self.freed = 0

    def remove(self, p: Path):
        if not p.exists() or not inside(self.base, p) or p.resolve() == self.base.resolve():
            return
        self.freed += size_of(p)
        if self.dry_run:
            LOG.info("would remove %s", p)
            return
        if p.is_dir() and not p.is_symlink():
            shutil.rmtree(p)
        else:
            p.unlink()
        LOG.debug("removed %s", p)

    def run(self):
        for d in TARGET_DIRS:
            self.remove(self.base / d)
        for pattern in TARGET_GLOBS:
            for p in list(self.base.glob(pattern)):
                self.remove(p)
        return self.freed


def host_summary():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                info["os"] = line.split("=", 1)[1].strip('"')
    except OSError:
        info["os"] = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith(("model name", "hardware")):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    info["cores"] = os.cpu_count()
    return info


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    base = Path.cwd()
    if not (base / "firmware").is_dir() and not (base / "setup.py").exists():
        LOG.error("run this from the firmware checkout root")
        return 2
    freed = Cleaner(base, args.dry_run).run()
    LOG.info("%s %.1f MB", "would free" if args.dry_run else "freed", freed / 1e6)
    if args.summary:
        for k, v in host_summary().items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
