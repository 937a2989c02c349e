#!/usr/bin/env python3
"""Tidy the stacking pipeline's workspace and suggest a worker count.

The stacking pipeline leaves registered/calibrated intermediates and a
build directory for its compiled helpers in the project folder. This tool
removes those (only inside the current project folder) and prints a
sensible --workers value based on the CPU.
"""
import argparse
import logging
import os
import shutil
from pathlib import Path

log = logging.getLogger("workspace-tidy")

# Folders and patterns the pipeline itself creates in the project directory.
OWN_DIRS = ["build", ".stack_cache", "registered", "calibrated", "__pycache__"]
OWN_PATTERNS = ["*.pyc", "*.tmp.fits", "stack_*.partial"]
LOG_NAME = "tidy.log"


def cpu_info(path="/proc/cpuinfo"):
    cores, model = 0, "unknown"
    try:
        with open(path) as fh:
            for line in fh:
                if line.startswith("processor"):
                    cores += 1
                elif line.startswith("model name") and model == "unknown":
                    model = line.split(":", 1)[1].strip()
    except OSError:
        cores = os.cpu_count() or 1
    return cores or 1, model


def os_name(path="/etc/os-release"):
    try:
        with open(path) as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown"


def inside(root: Path, target: Path) -> bool:
    try:
        target.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


def dir_size(p: Path) -> int:
    return sum(f.stat().st_size for f in p.rglob("*") if f.is_file())


def tidy(root: Path, dry_run: bool):
    freed = 0
    for name in OWN_DIRS:
        for d in root.rglob(name):
            if not d.is_dir() or d.is_symlink() or not inside(root, d):
                continue
            size = dir_size(d)
            log.info("%s %s (%.1f MB)", "would remove" if dry_run else "removing",
                     d.relative_to(root), size / 1e6)
            if not dry_run:
                shutil.rmtree(d, ignore_errors=True)
            freed += size
    for pat in OWN_PATTERNS:
        for f in root.rglob(pat):
            if f.is_file() and not f.is_symlink() and inside(root, f):
                freed += f.stat().st_size
                if not dry_run:
                    f.unlink()
    return freed


def main():
    ap = argparse.ArgumentParser(description="Tidy stacking workspace")
    ap.add_argument("--project", default=".", help="project folder (default: cwd)")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    root = Path(args.project)
    if not (root / "pipeline.toml").exists():
        print(f"{root} does not look like a stacking project (no pipeline.toml)")
        return 1
    log_path = root / LOG_NAME
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s",
                        handlers=[logging.StreamHandler(), logging.FileHandler(log_path)])
    os.chmod(log_path, 0o600)

    cores, model = cpu_info()
    log.info("host: %s, %s, %d logical CPUs", os_name(), model, cores)
    freed = tidy(root, args.dry_run)
    log.info("%s %.1f MB", "could free" if args.dry_run else "freed", freed / 1e6)
    print(f"suggested: --workers {max(1, cores - 1)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
