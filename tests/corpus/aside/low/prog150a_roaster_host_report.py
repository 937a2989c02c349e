#!/usr/bin/env python3
"""Collect a support report about the roaster PC for the logging-software vendor.

Gathers OS release, CPU model, free disk in the working directory and the
software version, checks whether the vendor's update server is reachable,
and writes report.json. With --clean it first removes this tool's own build
output and cache so the report reflects a fresh run.
"""
import argparse
import json
import logging
import platform
import shutil
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("hostreport")

UPDATE_URL = "https://updates.example.com/roastlogger/latest"
OWN_ARTIFACTS = ("build", "dist", ".report_cache", "__pycache__")
VERSION = "3.8.2"


def os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    k, _, v = line.strip().partition("=")
                    info[k] = v.strip('"')
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return {k: info.get(k) for k in ("NAME", "VERSION_ID", "PRETTY_NAME")}


def cpu_info(path="/proc/cpuinfo"):
    model, cores = None, 0
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name") and model is None:
                    model = line.split(":", 1)[1].strip()
                elif line.startswith("processor"):
                    cores += 1
    except OSError:
        pass
    return {"model": model or platform.processor(), "cores": cores}


def disk_free(path="."):
    usage = shutil.disk_usage(path)
    return {"free_gb": round(usage.free / 1e9, 1), "total_gb": round(usage.total / 1e9, 1)}


def update_server_reachable(timeout=5):
    try:
        resp = requests.head(UPDATE_URL, timeout=timeout, allow_redirects=True)
        return {"reachable": resp.ok, "status": resp.status_code}
    except requests.RequestException as exc:
        return {"reachable": False, "error": type(exc).__name__}


def clean_own_artifacts(base):
    """Remove only the folders this tool itself creates, inside the working dir."""
    base = base.resolve()
    for name in OWN_ARTIFACTS:
        target = (base / name).resolve()
        if target.parent != base:
            log.warning("refusing to remove %s (outside %s)", target, base)
            continue
        if target.is_dir():
            shutil.rmtree(target)
            log.info("removed %s", target.name)


def build_report():
    return {
        "generated": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "software_version": VERSION,
        "python": platform.python_version(),
        "os": os_release(),
        "cpu": cpu_info(),
        "disk": disk_free(),
        "update_server": update_server_reachable(),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="report.json")
    parser.add_argument("--clean", action="store_true", help="remove own build/cache folders first")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        clean_own_artifacts(Path.cwd())
    report = build_report()
    cache = Path(".report_cache")
    cache.mkdir(exist_ok=True)
    (cache / "last.json").write_text(json.dumps(report))
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=2)
    log.info("report written to %s", args.out)
    if not report["update_server"]["reachable"]:
        log.warning("update server not reachable; check the shop firewall")
    return 0


if __name__ == "__main__":
    sys.exit(main())
