#!/usr/bin/env python3
"""Workstation and camera inventory.

Collects basic facts about this PC (OS release, CPU, memory, free disk)
and checks that each enclosure camera's web UI answers, then writes
inventory.json in the current folder for the IT volunteer's spreadsheet.
Old report files from previous runs are cleared out first.
"""
import argparse
import json
import logging
import os
import platform
import shutil
import sys
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("inventory")

CAMERA_UIS = {
    "aviary-ptz": "http://198.51.100.11/",
    "hedgehog-run": "http://198.51.100.12/",
    "otter-pool": "http://198.51.100.13/",
    "portal": "https://cams.example.com/status",
}
REPORT_DIR = Path("inventory_reports")


def os_release():
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except FileNotFoundError:
        pass
    return {"name": info.get("PRETTY_NAME", platform.platform()), "id": info.get("ID")}


def cpu_info():
    model, cores = None, 0
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name") and model is None:
                    model = line.split(":", 1)[1].strip()
                elif line.startswith("processor"):
                    cores += 1
    except FileNotFoundError:
        pass
    return {"model": model or platform.processor(), "cores": cores or os.cpu_count()}


def disk_info(path="."):
    usage = shutil.disk_usage(path)
    return {"total_gb": round(usage.total / 1e9, 1), "free_gb": round(usage.free / 1e9, 1)}


def check_camera(url, session):
    try:
        resp = session.head(url, timeout=5, allow_redirects=True)
        return {"status": resp.status_code, "ok": resp.ok}
    except requests.RequestException as exc:
        return {"status": None, "ok": False, "error": type(exc).__name__}


def clear_old_reports(keep=5):
    """Keep the last few reports in our own folder; delete the rest."""
    if not REPORT_DIR.is_dir():
        return
    reports = sorted(REPORT_DIR.glob("inventory_*.json"))
    for old in reports[:-keep]:
        old.unlink()
        log.debug("removed %s", old)
    scratch = REPORT_DIR / "tmp"
    if scratch.is_dir():
        shutil.rmtree(scratch)


def main():
    ap = argparse.ArgumentParser(description="Workstation and camera inventory")
    ap.add_argument("--skip-cameras", action="store_true")
    ap.add_argument("--keep", type=int, default=5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    clear_old_reports(args.keep)
    REPORT_DIR.mkdir(exist_ok=True)

    report = {
        "collected": datetime.now().isoformat(timespec="seconds"),
        "host": platform.node(),
        "os": os_release(),
        "cpu": cpu_info(),
        "disk": disk_info(),
        "cameras": {},
    }
    if not args.skip_cameras:
        with requests.Session() as session:
            for name, url in CAMERA_UIS.items():
                report["cameras"][name] = check_camera(url, session)
                state = "ok" if report["cameras"][name]["ok"] else "NOT RESPONDING"
                log.info("%-14s %s", name, state)

    out = REPORT_DIR / f"inventory_{datetime.now():%Y%m%d_%H%M%S}.json"
    out.write_text(json.dumps(report, indent=2))
    Path("inventory.json").write_text(json.dumps(report, indent=2))
    log.info("wrote %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
