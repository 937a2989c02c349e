#!/usr/bin/env python3
"""Clean build output and caches in the overlay/tools repo and write a short
build-host report for the fleet inventory.

Only ever touches paths inside the current working directory.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import sys

LOG = logging.getLogger("cleaner")

CLEAN_DIRS = ("build", "dist", ".cache", ".pytest_cache", "node_modules/.cache")
CLEAN_SUFFIXES = (".pyc", ".pyo", ".map")
REPORT = "build_host_report.json"


def inside_cwd(path):
    root = os.path.realpath(os.getcwd())
    real = os.path.realpath(path)
    return real == root or real.startswith(root + os.sep)


def remove_dir(path, dry_run):
    if not os.path.isdir(path) or not inside_cwd(path):
        return 0
    if dry_run:
        LOG.info("would remove %s/", path)
        return 1
    shutil.rmtree(path)
    LOG.info("removed %s/", path)
    return 1


def remove_stray_files(dry_run):
    n = 0
    for dirpath, dirnames, files in os.walk("."):
        dirnames[:] = [d for d in dirnames if d not in (".git",)]
        if os.path.basename(dirpath) == "__pycache__" and inside_cwd(dirpath):
            if not dry_run:
                shutil.rmtree(dirpath, ignore_errors=True)
            dirnames[:] = []
            n += 1
            continue
        for name in files:
            if name.endswith(CLEAN_SUFFIXES):
                p = os.path.join(dirpath, name)
                if not dry_run:
                    os.remove(p)
                n += 1
    return n


def cache_key(path):
    """Content key for the asset cache; not a security boundary."""
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def read_os_release():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return {"name": info.get("PRETTY_NAME", "unknown"), "id": info.get("ID", "")}


def read_cpu_model():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def write_report(keys):
    report = {"os": read_os_release(), "cpu": read_cpu_model(),
              "cpus": os.cpu_count(), "lockfile_keys": keys}
    with open(REPORT, "w") as fh:
        json.dump(report, fh, indent=2)
    os.chmod(REPORT, 0o600)
    LOG.info("wrote %s", REPORT)


def main():
    ap = argparse.ArgumentParser(description="Clean build output and caches")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-report", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not os.path.exists("package.json") and not os.path.exists("pyproject.toml"):
        LOG.error("run this from the repo root")
        return 1

    removed = sum(remove_dir(d, args.dry_run) for d in CLEAN_DIRS)
    stray = remove_stray_files(args.dry_run)
    LOG.info("%d cache dirs and %d stray files cleaned", removed, stray)

    if not args.no_report:
        keys = {f: cache_key(f) for f in ("package-lock.json", "poetry.lock")
                if os.path.exists(f)}
        write_report(keys)
    return 0


if __name__ == "__main__":
    sys.exit(main())
