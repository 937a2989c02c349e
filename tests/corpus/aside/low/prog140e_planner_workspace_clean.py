#!/usr/bin/env python3
"""Clean the route-planner project workspace and record the build host.

Removes build output, caches and generated map tiles left in the project
folder by previous builds, then writes a small build-host note (OS and
CPU) so a broken build can be matched to the machine it came from. Only
paths inside the project folder are ever removed.
"""
import argparse
import json
import logging
import os
import shutil
import time
from pathlib import Path

LOG = logging.getLogger("ws-clean")

# generated folders and files the build leaves behind
GENERATED_DIRS = ["build", "dist", ".cache", ".pytest_cache", "tiles_out"]
GENERATED_GLOBS = ["**/__pycache__", "*.egg-info"]
NOTE_FILE = "build_host.json"


def inside(root, path):
    """True when path resolves to somewhere below root."""
    try:
        path.resolve().relative_to(root.resolve())
        return path.resolve() != root.resolve()
    except ValueError:
        return False


def targets(root):
    for name in GENERATED_DIRS:
        p = root / name
        if p.exists():
            yield p
    for pattern in GENERATED_GLOBS:
        yield from root.glob(pattern)


def remove(path, dry_run):
    if dry_run:
        LOG.info("would remove %s", path)
        return
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink()
    LOG.info("removed %s", path)


def os_release():
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                key, sep, value = line.strip().partition("=")
                if sep:
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
    return "unknown"


def write_note(root):
    rel = os_release()
    note = {
        "written": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "os": rel.get("PRETTY_NAME", "unknown"),
        "cpu": cpu_model(),
        "cpus": os.cpu_count(),
    }
    path = root / NOTE_FILE
    path.write_text(json.dumps(note, indent=2), encoding="utf-8")
    os.chmod(path, 0o600)
    return note


def main():
    parser = argparse.ArgumentParser(description="Clean the planner workspace")
    parser.add_argument("--root", default=".", help="project folder (default: here)")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    root = Path(args.root)
    if not (root / "pyproject.toml").exists():
        parser.error(f"{root} does not look like the planner project")

    removed = 0
    for path in sorted(set(targets(root))):
        if not inside(root, path):
            LOG.warning("refusing to touch %s (outside project)", path)
            continue
        try:
            remove(path, args.dry_run)
            removed += 1
        except OSError as exc:
            LOG.error("could not remove %s: %s", path, exc)

    note = write_note(root)
    LOG.info("%d item(s) cleaned; host %s / %s", removed, note["os"], note["cpu"])


if __name__ == "__main__":
    main()
